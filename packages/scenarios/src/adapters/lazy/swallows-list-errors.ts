import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { listingFailed } from './scenario-needs.js';

export const swallowsListErrors = lazy(
  {
    name: 'swallows-list-errors',
    behaviour: 'A listing that fails leaves it exposing nothing, with no warning and no retry',
    misses: (_scenario, transcript) =>
      listingFailed(transcript) ? 'a listing failed in this run, and it hid that' : undefined,
  },
  () => new LazyClient({ swallowsListErrors: true }),
);
