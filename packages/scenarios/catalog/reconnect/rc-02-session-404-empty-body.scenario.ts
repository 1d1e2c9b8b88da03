import { injectFault, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc02Session404EmptyBody: Scenario = {
  id: 'rc-02-session-404-empty-body',
  title:
    'Variant: the 404 on the session carries an empty body: the client re-initializes and drops the old session id for good.',
  source: [{ case: 'RC-02' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-02-empty')
        .tools(tool('alpha'))
        .step(
          'session-gone',
          injectFault({ kind: 'httpStatus', status: 404, body: 'empty' }, { method: 'tools/call' }),
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
