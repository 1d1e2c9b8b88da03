import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const legacyFlow: Scenario = {
  id: 'seed-002-legacy-flow',
  title:
    'The 2025-11-25 flow: initialize, wait for the result, send initialized, see tools.listChanged, and re-list when list_changed arrives.',
  source: [{ seed: '002 candidate action (legacy)' }, { spec: '2025-11-25 §1.5' }],
  eras: ['legacy'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('legacy-flow')
        .eras('legacy')
        .tools(tool('alpha'), tool('beta'))
        .pageSize(1)
        .step('add-gamma', addTool(tool('gamma')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-gamma' },
    { do: 'settle' },
    { do: 'call', tool: 'gamma', arguments: { query: 'new' } },
  ],
  checks: [
    {
      invariant: 'legacy.lifecycle-order',
      cites: { seed: '002 (perform initialize, wait for the response, send notifications/initialized)' },
    },
    {
      invariant: 'era.no-modern-flow-in-legacy-session',
      cites: { seed: '002 (do not mix the modern subscription flow with a legacy session)' },
    },
    {
      invariant: 'change.relists-after-signal',
      cites: { seed: '002 (handle notifications/tools/list_changed, then refresh tools/list)' },
    },
    { invariant: 'change.relist-completes-after-signal', cites: { spec: '2025-11-25 §2.5' } },
    { invariant: 'legacy.same-session-relist', cites: { spec: '2025-11-25 §4.1' } },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '002 candidate action (legacy)' } },
    {
      invariant: 'calls.current-tools-callable',
      cites: { seed: '002 (new tools available without a restart)' },
    },
  ],
};
