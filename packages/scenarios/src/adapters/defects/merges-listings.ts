import type { Tool } from '@modelcontextprotocol/client';
import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Merges each new listing into the registry instead of replacing it: removed tools stay. */
class MergesListings extends NaiveClient {
  protected override apply(tools: readonly Tool[]): void {
    for (const tool of tools) this.registry.set(tool.name, tool);
    this.report();
  }
}

export const mergesListings = defect(
  {
    name: 'merges-listings',
    mistake:
      'Merges a refreshed listing into the registry instead of replacing it, so removed tools are never revoked.',
    realWorld: 'case LC-11 (LibreChat fix: replace, not merge); seed 000 (removal must revoke exposure)',
    caughtBy: ['scenario:tool-removed', 'property:list-changed-race'],
  },
  () => new MergesListings(),
  naiveClient,
);
