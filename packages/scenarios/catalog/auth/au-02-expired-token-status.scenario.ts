import { expireToken, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const au02ExpiredTokenStatus: Scenario = {
  id: 'au-02-expired-token-status',
  title:
    'The access token expires and every request now gets 401: on refresh the client reports the server as needing authentication, not connected.',
  source: [{ case: 'AU-02' }, { seed: '000 (discovery state machine: authRequired)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'crm',
      bearerToken: 'token-1',
      script: scriptBuilder('au-02-status')
        .tools(tool('find_contact'), tool('log_call'))
        .auth({ tokens: [{ token: 'token-1', principal: 'sam', scopes: ['crm'] }] })
        .step('expire', expireToken('token-1'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'expire' },
    { do: 'refresh' },
    { do: 'settle', until: 'quiet' },
    { do: 'observe-state' },
  ],
  checks: [
    { invariant: 'state.reported', params: { state: 'authRequired' }, cites: { case: 'AU-02 E1' } },
    { invariant: 'discovery.failure-surfaced', cites: { case: 'AU-02 E2' } },
    // Judged for hosts that report their state as it changes: authRequired must not offer the tools.
    {
      invariant: 'state.agrees-with-tools',
      cites: { seed: '000 (discovery state machine: authRequired contributes no tools)' },
    },
  ],
  essential: ['state.reported', 'discovery.failure-surfaced'],
};
