import { LazyClient } from './lazy-client.js';
import { lazy } from './lazy-factory.js';
import { callsTools } from './scenario-needs.js';

export const failsEveryCall = lazy(
  {
    name: 'fails-every-call',
    behaviour:
      'Discovers and keeps current like any client, but answers every tool call with an error of its own',
    misses: (scenario) => (callsTools(scenario) ? 'the scenario calls a tool' : undefined),
  },
  () => new LazyClient({ failsEveryCall: true }),
);
