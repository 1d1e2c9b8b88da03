import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const paginatedList: Scenario = {
  id: 'paginated-list',
  title:
    'Seven tools in pages of three (3/3/1): the client follows every cursor and can call a tool from the last page.',
  source: [{ spec: '2026-07-28 §2.5' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('paginated-list')
        .tools(...tools('lookup', 7))
        .pageSize(3)
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'lookup_7', arguments: { query: 'last page' } },
  ],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §3' } },
  ],
};
