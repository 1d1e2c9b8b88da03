import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const toolAddedAtRuntime: Scenario = {
  id: 'tool-added-at-runtime',
  title:
    'A tool is added while the client runs and the server announces it: the client re-lists and can call it.',
  source: [{ seed: '000 fixture "list_changed notification"' }, { seed: '002 refresh flow' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tool-added-at-runtime')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'settle' },
    { do: 'call', tool: 'beta', arguments: { query: 'new tool' } },
  ],
  checks: [
    { invariant: 'modern.subscribes-to-tool-changes', cites: { seed: '002 (listen with toolsListChanged)' } },
    { invariant: 'change.relists-after-signal', cites: { seed: '002 (refresh tools/list on notification)' } },
    {
      invariant: 'change.relist-completes-after-signal',
      cites: { seed: '002 (follow nextCursor until complete)' },
    },
    {
      invariant: 'registry.matches-final-catalog',
      cites: { seed: '000 fixture "list_changed notification"' },
    },
    { invariant: 'registry.no-stale-exposure', cites: { seed: '002 (atomically replace the registry)' } },
    {
      invariant: 'calls.current-tools-callable',
      cites: { seed: '002 (newly added tools available without restart)' },
    },
    {
      invariant: 'era.no-modern-flow-in-legacy-session',
      cites: { seed: '002 (do not mix the modern flow into a legacy session)' },
    },
  ],
  // Re-listing and calling the new tool make the title true; staleness and era hygiene are judged beside it.
  essential: [
    'modern.subscribes-to-tool-changes',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.matches-final-catalog',
    'calls.current-tools-callable',
  ],
};
