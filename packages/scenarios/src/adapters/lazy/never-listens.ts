import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { changesWhileRunning } from './scenario-needs.js';

export const neverListens = lazy(
  {
    name: 'never-listens',
    behaviour:
      'Lists at connect and stays connected, but never opens a change channel (no GET stream, no subscriptions/listen)',
    misses: (scenario) =>
      changesWhileRunning(scenario)
        ? 'the server changes while it runs, and it never hears of it'
        : undefined,
  },
  () => new LazyClient({ neverListens: true }),
);
