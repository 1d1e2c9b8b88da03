import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { staleAfterChange } from './scenario-needs.js';

export const neverListens = lazy(
  {
    name: 'never-listens',
    behaviour:
      'Lists at connect and stays connected, but never opens a change channel (no GET stream, no subscriptions/listen)',
    misses: (_scenario, transcript) =>
      staleAfterChange(transcript)
        ? 'the catalog changed after it listed, and it never heard of it'
        : undefined,
  },
  () => new LazyClient({ neverListens: true }),
);
