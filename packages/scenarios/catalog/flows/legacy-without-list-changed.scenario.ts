import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const legacyWithoutListChanged: Scenario = {
  id: 'seed-002-legacy-without-list-changed',
  title:
    'A legacy server that does not advertise tools.listChanged changes its tools: the client, having checked the capability, relies on its polling backstop and converges.',
  source: [{ seed: '002 (inspect tools.listChanged)' }, { spec: '2025-11-25 §1.5' }],
  eras: ['legacy'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('legacy-without-list-changed')
        .eras('legacy')
        .server({ toolsListChanged: false })
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'advance-clock', ms: 900_000, on: 'client' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'legacy.lifecycle-order', cites: { spec: '2025-11-25 §1.5' } },
    {
      invariant: 'discovery.list-requests',
      params: { atLeast: 2 },
      cites: { seed: '002 (polling as a backstop)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '002 (inspect tools.listChanged)' } },
  ],
};
