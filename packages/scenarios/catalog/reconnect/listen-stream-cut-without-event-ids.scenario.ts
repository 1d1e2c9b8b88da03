import { addTool, endStreams, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const listenStreamCutWithoutEventIds: Scenario = {
  id: 'listen-stream-cut-without-event-ids',
  title:
    'A subscriptions/listen stream is cut (no event ids, no replay in 2026-07-28) and a tool is added before the client listens again: the client re-opens the listen and re-lists, so it exposes the tool whose notification it never got.',
  source: [{ spec: '2026-07-28 §4.2' }],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('listen-cut')
        .tools(tool('alpha'))
        .step('cut', endStreams('listen', 'drop'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'listen-' } },
    { do: 'step', step: 'cut' },
    { do: 'step', step: 'add-beta' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'listen-' } },
    { do: 'settle' },
  ],
  checks: [
    {
      invariant: 'reconnect.resubscribed-and-relisted',
      cites: {
        spec: '2026-07-28 §4.2 (no Last-Event-ID on listen: after a drop send a new listen; treat cached data as stale)',
      },
    },
    {
      invariant: 'registry.matches-final-catalog',
      cites: { spec: '2026-07-28 §4.2 (delivery is best effort)' },
    },
  ],
};
