import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { callsTools, changesWhileRunning } from './scenario-needs.js';

export const listsOnceAndExits = lazy(
  {
    name: 'lists-once-and-exits',
    behaviour:
      'Lists tools once at connect, reports them, then closes its connection (the 45-line client of issue 26)',
    misses: (scenario) =>
      changesWhileRunning(scenario)
        ? 'the server changes while it runs, and it is gone'
        : callsTools(scenario)
          ? 'the scenario calls a tool, and it is gone'
          : undefined,
  },
  () => new LazyClient({ exitsAfterListing: true }),
);
