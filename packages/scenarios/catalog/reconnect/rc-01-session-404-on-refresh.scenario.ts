import { expireSession, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc01Session404OnRefresh: Scenario = {
  id: 'rc-01-session-404-on-refresh',
  title:
    'The server expires the legacy session and the user then asks for a refresh, whose tools/list gets 404: the client sends a fresh initialize without the old id, re-lists, and the next call goes through.',
  source: [{ case: 'RC-01' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-01-refresh').tools(tool('alpha')).step('expire', expireSession()).build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'expire' },
    { do: 'refresh' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'after recovery' } },
  ],
  checks: [
    { invariant: 'reconnect.dead-session-dropped', cites: { case: 'RC-01 E1' } },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'alpha' }, cites: { case: 'RC-01 E3' } },
  ],
};
