import type { Tool } from '@modelcontextprotocol/client';
import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/**
 * Keeps the pages it has and, on a change, re-reads only from the last cursor of the previous
 * listing ("the new tools are probably at the end").
 */
class ResumesFromStaleCursor extends NaiveClient {
  private pages: Array<{ cursor: string | undefined; tools: Tool[] }> = [];
  protected override async listAll(): Promise<{ tools: Tool[]; ttlMs: number | undefined }> {
    const resumeAt = this.pages.length > 1 ? this.pages.length - 1 : 0;
    const kept = this.pages.slice(0, resumeAt);
    let cursor = this.pages[resumeAt]?.cursor;
    const fresh: Array<{ cursor: string | undefined; tools: Tool[] }> = [];
    const seen = new Set<string>();
    for (;;) {
      const page = await this.listPage(cursor);
      fresh.push({ cursor, tools: page.tools });
      const next = this.nextCursor(page);
      if (next === undefined || !this.follow(next, seen)) break;
      cursor = next;
    }
    this.pages = [...kept, ...fresh];
    return { tools: this.pages.flatMap((page) => page.tools), ttlMs: undefined };
  }
}

export const resumesFromStaleCursor = defect(
  {
    name: 'resumes-from-stale-cursor',
    mistake:
      'On a change, re-reads only the tail of the list from an old cursor instead of restarting at page one.',
    realWorld:
      'seed 002 (on change re-list from page one); spec digest §7, §11.1 (cursors may not survive a change)',
    caughtBy: ['scenario:tool-added-to-paginated-list', 'property:list-changed-race'],
  },
  () => new ResumesFromStaleCursor(),
  naiveClient,
);
