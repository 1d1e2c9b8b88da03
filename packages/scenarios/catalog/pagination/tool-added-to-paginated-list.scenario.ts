import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool, tools } from '../tools.js';

export const toolAddedToPaginatedList: Scenario = {
  id: 'tool-added-to-paginated-list',
  title: 'A tool is added to a three-page catalog: the client re-lists from page one through the last page.',
  source: [{ seed: '002 (restart enumeration from page one after a change)' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tool-added-to-paginated-list')
        .tools(...tools('lookup', 7))
        .pageSize(3)
        .step('add-lookup-8', addTool(tool('lookup_8')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-lookup-8' },
    { do: 'settle' },
    { do: 'call', tool: 'lookup_8', arguments: { query: 'added' } },
  ],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'modern.subscribes-to-tool-changes', cites: { seed: '002 (listen with toolsListChanged)' } },
    {
      invariant: 'change.relists-after-signal',
      cites: { seed: '002 (issue a new tools/list starting a fresh enumeration)' },
    },
    {
      invariant: 'change.relist-completes-after-signal',
      cites: { seed: '002 (follow nextCursor until complete)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '002 (atomically replace the registry)' } },
    { invariant: 'registry.no-stale-exposure', cites: { seed: '002 (atomically replace the registry)' } },
    {
      invariant: 'calls.current-tools-callable',
      cites: { seed: '002 (new tools available without restart)' },
    },
  ],
  // Re-listing from page one to the last page makes the title true; the rest is judged beside it.
  essential: [
    'discovery.follows-every-cursor',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.matches-final-catalog',
  ],
};
