import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { listingCanFail } from './scenario-needs.js';

export const swallowsListErrors = lazy(
  {
    name: 'swallows-list-errors',
    behaviour: 'A listing that fails leaves it exposing nothing, with no warning and no retry',
    misses: (scenario) =>
      listingCanFail(scenario) ? 'a listing can fail in this scenario, and it hides that' : undefined,
  },
  () => new LazyClient({ swallowsListErrors: true }),
);
