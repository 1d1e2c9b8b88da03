import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Never opens subscriptions/listen (modern); relies on its freshness timer alone. */
class PollsInsteadOfListening extends NaiveClient {
  protected override async subscribe(): Promise<void> {}
}

export const pollsInsteadOfListening = defect(
  {
    name: 'polls-instead-of-listening',
    mistake: 'Never opens subscriptions/listen in 2026-07-28 and waits for its cache to expire instead.',
    realWorld:
      'seed 002 (open a listen stream requesting toolsListChanged); spec 2026-07-28 subscriptions (opt-in)',
    caughtBy: ['scenario:tool-added-at-runtime', 'property:list-changed-race'],
  },
  () => new PollsInsteadOfListening(),
  naiveClient,
);
