import { expireSession, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc01Session404Reinitialize: Scenario = {
  id: 'rc-01-session-404-reinitialize',
  title:
    'The server expires the legacy session, so the next request with its id gets 404: the client sends a fresh initialize without the id, re-lists, and the call goes through again.',
  source: [{ case: 'RC-01' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-01').tools(tool('alpha')).step('expire', expireSession()).build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'before' } },
    { do: 'step', step: 'expire' },
    { do: 'call', tool: 'alpha', arguments: { query: 'first after expiry' } },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'after recovery' } },
  ],
  checks: [
    { invariant: 'reconnect.dead-session-dropped', cites: { case: 'RC-01 E1' } },
    { invariant: 'reconnect.resubscribed-and-relisted', cites: { case: 'RC-01 E2' } },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'alpha' }, cites: { case: 'RC-01 E3' } },
  ],
};
