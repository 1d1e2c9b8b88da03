import { injectFault, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc02Session404TextBody: Scenario = {
  id: 'rc-02-session-404-text-body',
  title:
    'A call on the session is answered 404 with a plain-text body: the client still reads it as “session gone”, re-initializes, and never sends the old session id again.',
  source: [{ case: 'RC-02' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-02-text')
        .tools(tool('alpha'))
        .step(
          'session-gone',
          injectFault({ kind: 'httpStatus', status: 404, body: 'text' }, { method: 'tools/call' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'session-gone' },
    { do: 'call', tool: 'alpha', arguments: { query: 'hits the 404' } },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'after recovery' } },
  ],
  checks: [
    { invariant: 'reconnect.dead-session-dropped', cites: { case: 'RC-02' } },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'alpha' }, cites: { case: 'RC-01 E3' } },
  ],
};
