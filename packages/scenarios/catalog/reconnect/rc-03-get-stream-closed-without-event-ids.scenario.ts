import { addTool, endStreams, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc03GetStreamClosedWithoutEventIds: Scenario = {
  id: 'rc-03-get-stream-closed-without-event-ids',
  title:
    'A host cuts the standalone GET stream (no SSE event ids were ever sent): the client opens it again without Last-Event-ID and receives the next list_changed.',
  source: [{ case: 'RC-03' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-03')
        .tools(tool('alpha'))
        .streams({ eventIds: false })
        .step('cut-get-stream', endStreams('get', 'graceful'))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'get-' } },
    { do: 'step', step: 'cut-get-stream' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'get-' } },
    { do: 'step', step: 'add-beta' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'reconnect.resubscribed-and-relisted', cites: { case: 'RC-03 E1' } },
    { invariant: 'change.relists-after-signal', cites: { case: 'RC-03 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['alpha', 'beta'] },
      cites: { case: 'RC-03 E2' },
    },
  ],
};
