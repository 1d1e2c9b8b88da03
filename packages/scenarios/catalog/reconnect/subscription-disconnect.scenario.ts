import { addTool, endStreams, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const subscriptionDisconnect: Scenario = {
  id: 'subscription-disconnect',
  title:
    'The change stream (modern listen, legacy GET) drops: the client opens it again, re-lists, and still hears the next change.',
  source: [
    { seed: '000 fixture "subscription disconnect"' },
    { seed: '002 (after reconnect re-listen and re-list)' },
  ],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('subscription-disconnect')
        .tools(tool('alpha'))
        .step('drop-streams', endStreams('all', 'drop'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'drop-streams' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'settle' },
  ],
  checks: [
    {
      invariant: 'reconnect.resubscribed-and-relisted',
      cites: { seed: '002 (re-open subscriptions/listen after a reconnect and repeat the full tools/list)' },
    },
    {
      invariant: 'change.relists-after-signal',
      cites: { seed: '000 (notifications can be missed; revalidate after reconnect)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "subscription disconnect"' } },
  ],
};
