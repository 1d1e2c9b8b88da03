import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const paginatedList: Scenario = {
  id: 'paginated-list',
  title:
    'Seven tools in pages of three (3/3/1): the client follows every cursor and can call a tool from the last page.',
  source: [{ spec: '2026-07-28#pagination' }, { case: 'PG-01' }, { case: 'PG-02' }, { case: 'PG-03' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('paginated-list')
    .tools(...tools('lookup', 7))
    .pageSize(3)
    .build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'lookup_7', arguments: { query: 'last page' } },
  ],
  invariants: [
    'discovery.follows-every-cursor',
    'registry.matches-final-catalog',
    'calls.current-tools-callable',
  ],
};
