import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Listens again after its stream ends, but keeps the listing it had (changes made meanwhile are missed). */
class NeverRelistsAfterReconnect extends NaiveClient {
  protected override onStreamEnded(): void {
    this.later(1_000, () => this.subscribe());
  }
}

export const neverRelistsAfterReconnect = defect(
  {
    name: 'never-relists-after-reconnect',
    mistake: 'Re-subscribes after a dropped stream but does not re-list, keeping tools from before the gap.',
    realWorld: 'case RC-05 (docker-agent kept the pre-restart tool list); case RC-03 E3; case AU-04 E2',
    caughtBy: ['scenario:seed-002-modern-change-during-gap', 'property:list-changed-race'],
  },
  () => new NeverRelistsAfterReconnect(),
  naiveClient,
);
