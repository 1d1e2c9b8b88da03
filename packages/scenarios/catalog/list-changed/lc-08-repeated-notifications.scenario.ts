import { emitListChanged, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc08RepeatedNotifications: Scenario = {
  id: 'lc-08-repeated-notifications',
  title:
    'The server sends list_changed three times in a row with nothing changed: every notification reaches the client’s refresh, which tolerates the burst and keeps a working registry.',
  source: [{ case: 'LC-08' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-08')
        .tools(tool('alpha'), tool('beta'))
        .step('burst', emitListChanged(3))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'burst' },
    { do: 'settle' },
    { do: 'call', tool: 'beta', arguments: { query: 'after the burst' } },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-08 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'LC-08 E2' } },
    { invariant: 'calls.current-tools-callable', cites: { case: 'LC-08 E2' } },
  ],
};
