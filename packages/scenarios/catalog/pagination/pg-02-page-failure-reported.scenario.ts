import { atStart, injectFault, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg02PageFailureReported: Scenario = {
  id: 'pg-02-page-failure-reported',
  title:
    'The second of three pages fails once with HTTP 500: the client retries to a complete listing or tells its user, never silently exposes 100 of 250 tools.',
  source: [{ case: 'PG-02 E2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-02-failure')
        .tools(...tools('task', 250))
        .pageSize(100)
        .step(
          'fail-page-two',
          injectFault({ kind: 'httpStatus', status: 500 }, { method: 'tools/list', skip: 1 }),
          atStart(),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [{ invariant: 'discovery.failure-surfaced', cites: { case: 'PG-02 E2' } }],
};
