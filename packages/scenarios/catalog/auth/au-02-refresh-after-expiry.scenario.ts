import { expireToken, grantToken, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const au02RefreshAfterExpiry: Scenario = {
  id: 'au-02-refresh-after-expiry',
  title:
    '“Refresh tools” with an expired token does not silently no-op: the 401 is reported; after re-authorization the tools come back without a full disconnect.',
  source: [{ case: 'AU-02' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'crm',
      bearerToken: 'token-1',
      script: scriptBuilder('au-02-refresh')
        .tools(tool('find_contact'), tool('log_call'))
        .auth({ tokens: [{ token: 'token-1', principal: 'sam', scopes: ['crm'] }] })
        .step('expire', expireToken('token-1'))
        .step('issue-new-token', grantToken({ token: 'token-2', principal: 'sam', scopes: ['crm'] }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'expire' },
    { do: 'refresh' },
    { do: 'settle', until: 'quiet' },
    { do: 'step', step: 'issue-new-token' },
    { do: 'reauthorize', bearerToken: 'token-2' },
    { do: 'refresh' },
    { do: 'settle' },
    { do: 'call', tool: 'log_call', arguments: { query: 'follow-up' } },
  ],
  checks: [
    { invariant: 'discovery.failure-surfaced', cites: { case: 'AU-02 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['find_contact', 'log_call'] },
      cites: { case: 'AU-02 E3' },
    },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'log_call' }, cites: { case: 'AU-02 E3' } },
  ],
};
