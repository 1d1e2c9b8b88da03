import { removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const toolRemoved: Scenario = {
  id: 'tool-removed',
  title: 'A tool is removed and the server announces it: the client stops exposing it at once.',
  source: [{ seed: '000 fixture "tool removed"' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tool-removed')
        .tools(tool('alpha'), tool('beta'))
        .step('remove-alpha', removeTool('alpha'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'remove-alpha' },
    { do: 'settle' },
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
      cites: { seed: '000 (tool removal must revoke exposure immediately)' },
    },
    {
      invariant: 'registry.no-stale-exposure',
      cites: { seed: '000 (tool removal must revoke exposure immediately)' },
    },
  ],
};
