import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg03FirstPageOnly: Scenario = {
  id: 'pg-03-first-page-only',
  title: '44 tools in pages of 20 (20/20/4): cursors followed in order, all 44 present.',
  source: [{ case: 'PG-03' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-03')
        .tools(...tools('item', 44))
        .pageSize(20)
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'discovery.cursors-echoed', cites: { case: 'PG-03 E1' } },
    { invariant: 'discovery.list-requests', params: { exactly: 3 }, cites: { case: 'PG-03 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'PG-03 E1' } },
  ],
};
