import { atStart, injectFault, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const droppedCallResumed: Scenario = {
  id: 'dropped-call-resumed',
  title:
    'The SSE stream answering a tools/call drops after its priming event (id + retry): the client resumes it with GET and Last-Event-ID, and the replayed answer completes the call.',
  source: [{ spec: '2025-11-25 §5.2 (resumability: priming event, retry, Last-Event-ID replay)' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('dropped-call-resumed')
        .tools(tool('alpha'))
        .streams({ postResponse: 'sse', eventIds: true, retryMs: 10 })
        .step(
          'drop-call-answer',
          injectFault({ kind: 'dropStream' }, { method: 'tools/call', times: 1 }),
          atStart(),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'resumed' } },
  ],
  checks: [
    {
      invariant: 'calls.current-tools-callable',
      cites: { spec: '2025-11-25 §5.2 (the client MUST wait retry, then resume with Last-Event-ID)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2025-11-25 §5.2' } },
  ],
};
