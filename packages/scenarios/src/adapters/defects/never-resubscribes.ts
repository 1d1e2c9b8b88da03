import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Does nothing when its listen stream ends: no new subscription, no re-list. */
class NeverResubscribes extends NaiveClient {
  protected override onStreamEnded(): void {}
}

export const neverResubscribes = defect(
  {
    name: 'never-resubscribes',
    mistake: 'Never opens a new subscriptions/listen after the stream drops, so later changes never arrive.',
    realWorld: 'case RC-03 (TS SDK did not re-establish the stream); case RC-05 E2',
    caughtBy: [
      'scenario:subscription-disconnect',
      'scenario:listen-stream-cut-without-event-ids',
      'property:list-changed-race',
    ],
  },
  () => new NeverResubscribes(),
  naiveClient,
);
