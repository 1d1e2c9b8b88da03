import { expireSession, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const sessionRestoredAfterExpiry: Scenario = {
  id: 'session-restored-after-expiry',
  title:
    'The host restarts and resumes with the legacy session id it stored, but the server expired that session meanwhile: the client gets 404, drops the stored id, initializes a new session and lists again (its persisted catalog is only a starting point).',
  source: [{ spec: '2025-11-25 §5.2' }, { case: 'RC-01' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  requires: ['restart-client'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('session-restored').tools(tool('alpha')).step('expire', expireSession()).build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'expire' },
    { do: 'restart-client' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'after the restart' } },
  ],
  checks: [
    { invariant: 'reconnect.dead-session-dropped', cites: { case: 'RC-01 E1' } },
    {
      invariant: 'wire.request-count',
      params: { method: 'initialize', atLeast: 2 },
      cites: { spec: '2025-11-25 §5.2' },
      authority: { level: 'must', clauses: ['legacy-session-404-new-session'] },
    },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'alpha' }, cites: { case: 'RC-01 E3' } },
  ],
};
