import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg02ConvenienceReadsOnePage: Scenario = {
  id: 'pg-02-convenience-reads-one-page',
  title:
    '250 tools in pages of 100 (100/100/50): three list requests and all 250 tools exposed, in page order.',
  source: [{ case: 'PG-02' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-02')
        .tools(...tools('task', 250))
        .pageSize(100)
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'task_250', arguments: { query: 'last' } },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { exactly: 3 }, cites: { case: 'PG-02 E1' } },
    { invariant: 'discovery.follows-every-cursor', cites: { case: 'PG-02 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'PG-02 E1' } },
    { invariant: 'registry.listing-order-kept', cites: { case: 'PG-02 E2' } },
    { invariant: 'calls.current-tools-callable', cites: { case: 'PG-02 E1' } },
  ],
};
