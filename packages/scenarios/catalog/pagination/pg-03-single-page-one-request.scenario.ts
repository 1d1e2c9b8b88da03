import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg03SinglePageOneRequest: Scenario = {
  id: 'pg-03-single-page-one-request',
  title: 'A single-page server (5 tools, no nextCursor) needs exactly one tools/list request.',
  source: [{ case: 'PG-03 E2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-03-single')
        .tools(...tools('item', 5))
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'discovery.list-requests', params: { exactly: 1 }, cites: { case: 'PG-03 E2' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'PG-03 E2' } },
  ],
};
