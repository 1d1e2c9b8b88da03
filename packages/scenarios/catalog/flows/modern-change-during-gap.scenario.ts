import { addTool, endStreams, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const modernChangeDuringGap: Scenario = {
  id: 'seed-002-modern-change-during-gap',
  title:
    'The listen stream drops and a tool is added before the client is back: the notification is lost, so the client must re-list after it listens again.',
  source: [
    { seed: '002 (re-open subscriptions/listen after a reconnect and repeat the full tools/list)' },
    { spec: '2026-07-28 §11.4' },
  ],
  eras: ['modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('modern-change-during-gap')
        .eras('modern')
        .tools(tool('alpha'))
        .step('drop-listen', endStreams('listen', 'drop'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'listen-' } },
    { do: 'step', step: 'drop-listen' },
    { do: 'step', step: 'add-beta' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'listen-' } },
    { do: 'settle' },
  ],
  checks: [
    {
      invariant: 'reconnect.resubscribed-and-relisted',
      cites: { seed: '002 (the subscription ends with the transport; notifications may be missed)' },
    },
    {
      invariant: 'registry.matches-final-catalog',
      cites: { seed: '002 (re-listen and re-list after reconnect)' },
    },
  ],
};
