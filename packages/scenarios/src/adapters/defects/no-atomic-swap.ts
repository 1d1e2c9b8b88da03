import type { Tool } from '@modelcontextprotocol/client';
import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Updates the registry page by page as pages arrive (clears it, then adds each page and exposes it). */
class NoAtomicSwap extends NaiveClient {
  protected override async listAll(): Promise<{ tools: Tool[]; ttlMs: number | undefined }> {
    this.registry = new Map();
    const tools: Tool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = await this.listPage(cursor);
      tools.push(...page.tools);
      for (const tool of page.tools) this.registry.set(tool.name, tool);
      this.report();
      const next = this.nextCursor(page);
      if (next === undefined || !this.follow(next, seen)) break;
      cursor = next;
    }
    return { tools, ttlMs: undefined };
  }
}

export const noAtomicSwap = defect(
  {
    name: 'no-atomic-swap',
    mistake: 'Rebuilds the registry page by page while listing, so callers see partial and mixed listings.',
    realWorld:
      'seed 002 (swap the registry atomically); LibreChat#14517 (replace, do not mutate, the cache entry)',
    caughtBy: ['scenario:seed-002-modern-refresh-flow', 'property:list-changed-race'],
  },
  () => new NoAtomicSwap(),
  naiveClient,
);
