import type { Tool } from '@modelcontextprotocol/client';
import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Walks every page at connect, but its refresh path makes one call: after a change it holds page one only. */
class RelistsPageOneOnly extends NaiveClient {
  private initialDone = false;
  protected override async listAll(): Promise<{ tools: Tool[]; ttlMs: number | undefined }> {
    if (!this.initialDone) {
      this.initialDone = true;
      return super.listAll();
    }
    const page = await this.listPage(undefined);
    return { tools: page.tools, ttlMs: typeof page.ttlMs === 'number' ? page.ttlMs : undefined };
  }
}

export const relistsPageOneOnly = defect(
  {
    name: 'relists-page-one-only',
    mistake: 'Lists every page at connect but re-lists only page one after a change.',
    realWorld:
      'case PG-02 (Vercel AI SDK convenience path made one call); seed 002 (restart the enumeration)',
    caughtBy: ['scenario:tool-added-to-paginated-list', 'property:list-changed-race'],
  },
  () => new RelistsPageOneOnly(),
  naiveClient,
);
