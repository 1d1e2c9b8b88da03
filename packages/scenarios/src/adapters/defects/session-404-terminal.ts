import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Treats HTTP 404 on its legacy session as terminal: no new initialize, no re-list. */
class Session404Terminal extends NaiveClient {
  protected override async onSessionLost(): Promise<void> {
    throw new Error('Session terminated');
  }
}

export const session404Terminal = defect(
  {
    name: 'session-404-terminal',
    mistake:
      'Treats a 404 on its legacy session as terminal instead of initializing a new session and re-listing.',
    realWorld: 'cases RC-01 (python-sdk#3556), RC-02 (rust-sdk#733)',
    caughtBy: [
      'scenario:rc-01-session-404-on-refresh',
      'scenario:session-restored-after-expiry',
      'property:list-changed-race',
    ],
  },
  () => new Session404Terminal(),
  naiveClient,
);
