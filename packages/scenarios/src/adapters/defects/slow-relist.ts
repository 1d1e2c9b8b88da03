import type { AdapterCallOutcome } from '../client-adapter.js';
import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Takes a change notification as "stale", and re-lists only when it next acts (its next call). */
class SlowRelist extends NaiveClient {
  private stale = false;

  protected override onListChanged(): void {
    this.stale = true;
  }

  override async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    if (this.stale) {
      this.stale = false;
      await this.refresh();
    }
    return super.callTool(toolName, args);
  }
}

export const slowRelist = defect(
  {
    name: 'slow-relist',
    mistake:
      'Reacts to tools list_changed only by marking its list stale: it re-lists when it next acts (a refresh queued behind its next call), so until then it shows the old tools.',
    realWorld: 'LC-01 E1 (re-list within a short bound, e.g. 2 s, of the notification)',
    caughtBy: ['scenario:lc-01-no-list-changed-handler'],
  },
  () => new SlowRelist(),
  naiveClient,
);
