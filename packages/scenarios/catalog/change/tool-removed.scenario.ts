import { removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const toolRemoved: Scenario = {
  id: 'tool-removed',
  title: 'A tool is removed and the server announces it: the client stops exposing it at once.',
  source: [{ seed: '000 fixture "tool removed"' }, { case: 'LC-01 E3' }, { case: 'LC-11' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('tool-removed')
    .tools(tool('alpha'), tool('beta'))
    .step('remove-alpha', removeTool('alpha'))
    .build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'remove-alpha' },
    { do: 'settle' },
  ],
  invariants: [
    'modern.subscribes-to-tool-changes',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.matches-final-catalog',
    'registry.no-stale-exposure',
  ],
};
