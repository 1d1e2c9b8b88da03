import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const toolAddedAtRuntime: Scenario = {
  id: 'tool-added-at-runtime',
  title:
    'A tool is added while the client runs and the server announces it: the client re-lists and can call it.',
  source: [
    { seed: '000 fixture "list_changed notification"' },
    { seed: '002 refresh flow' },
    { case: 'LC-01' },
    { case: 'LC-11' },
  ],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('tool-added-at-runtime')
    .tools(tool('alpha'))
    .step('add-beta', addTool(tool('beta')))
    .build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'settle' },
    { do: 'call', tool: 'beta', arguments: { query: 'new tool' } },
  ],
  invariants: [
    'modern.subscribes-to-tool-changes',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.matches-final-catalog',
    'registry.no-stale-exposure',
    'calls.current-tools-callable',
    'era.no-modern-flow-in-legacy-session',
  ],
};
