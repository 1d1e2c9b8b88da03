import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { callsTools, staleAfterChange } from './scenario-needs.js';

export const listsOnceAndExits = lazy(
  {
    name: 'lists-once-and-exits',
    behaviour:
      'Lists tools once at connect, reports them, then closes its connection (the 45-line client of issue 26)',
    misses: (scenario, transcript) =>
      callsTools(scenario)
        ? 'the scenario calls a tool, and it is gone'
        : staleAfterChange(transcript)
          ? 'the catalog changed after it listed, and it is gone'
          : undefined,
  },
  () => new LazyClient({ exitsAfterListing: true }),
);
