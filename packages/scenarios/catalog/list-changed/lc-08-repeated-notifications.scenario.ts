import { emitListChanged, emitNotification, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc08RepeatedNotifications: Scenario = {
  id: 'lc-08-repeated-notifications',
  title:
    'The server sends prompts and resources list_changed, a notification no spec defines, then tools list_changed three times in a row with nothing changed: the client tolerates the notifications that are not about tools, every tools notification reaches its refresh, and the registry keeps working.',
  source: [{ case: 'LC-08' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-08')
        .tools(tool('alpha'), tool('beta'))
        .step('prompts', emitNotification('notifications/prompts/list_changed'))
        .step('resources', emitNotification('notifications/resources/list_changed'))
        .step(
          'unknown',
          emitNotification('notifications/x-toolshift/unknown', { params: { note: 'no client knows this' } }),
        )
        .step('burst', emitListChanged(3))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'prompts' },
    { do: 'step', step: 'resources' },
    { do: 'step', step: 'unknown' },
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
