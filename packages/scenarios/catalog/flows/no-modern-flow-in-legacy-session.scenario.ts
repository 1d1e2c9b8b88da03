import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const noModernFlowInLegacySession: Scenario = {
  id: 'seed-002-no-modern-flow-in-legacy-session',
  title:
    'A legacy-only server, whichever era the client prefers: once in a legacy session the client never sends subscriptions/listen, and it still hears list_changed.',
  source: [
    { seed: '002 (do not mix the modern subscription flow with a legacy session)' },
    { spec: '2026-07-28 §1.4' },
  ],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('legacy-only')
        .eras('legacy')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'step', step: 'add-beta' }, { do: 'settle' }],
  checks: [
    {
      invariant: 'era.no-modern-flow-in-legacy-session',
      cites: {
        seed: '002 (do not use the 2026-07-28 subscriptions/listen flow inside a 2025-11-25 session)',
      },
    },
    { invariant: 'change.relists-after-signal', cites: { spec: '2025-11-25 §4.1' } },
    {
      invariant: 'registry.matches-final-catalog',
      cites: { spec: '2026-07-28 §1.4 (fall back to initialize)' },
    },
  ],
};
