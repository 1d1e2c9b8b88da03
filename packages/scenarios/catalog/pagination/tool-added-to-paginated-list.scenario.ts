import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool, tools } from '../tools.js';

export const toolAddedToPaginatedList: Scenario = {
  id: 'tool-added-to-paginated-list',
  title: 'A tool is added to a three-page catalog: the client re-lists from page one through the last page.',
  source: [{ seed: '002 (restart enumeration from page one after a change)' }, { case: 'PG-02' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('tool-added-to-paginated-list')
    .tools(...tools('lookup', 7))
    .pageSize(3)
    .step('add-lookup-8', addTool(tool('lookup_8')))
    .build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-lookup-8' },
    { do: 'settle' },
    { do: 'call', tool: 'lookup_8', arguments: { query: 'added' } },
  ],
  invariants: [
    'discovery.follows-every-cursor',
    'modern.subscribes-to-tool-changes',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.matches-final-catalog',
    'registry.no-stale-exposure',
    'calls.current-tools-callable',
  ],
};
