import { betweenPages, expireToken, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const tokenRotatedDuringListing: Scenario = {
  id: 'token-rotated-during-listing',
  title:
    'The access token expires between page 1 and page 2 of a listing and a new one is issued: the client reports the 401, and after re-authorizing lists from page 1 with the new token, ending with every tool (no page lost, nothing merged from the half listing).',
  source: [{ spec: '2026-07-28 §6' }, { spec: '2026-07-28 §2.5' }, { case: 'AU-02' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  requires: ['reauthorize', 'manual-refresh'],
  servers: [
    {
      id: 'crm',
      bearerToken: 'token-1',
      script: scriptBuilder('token-rotated')
        .tools(...tools('crm', 5))
        .pageSize(2)
        .auth({
          tokens: [
            { token: 'token-1', principal: 'sam', scopes: ['crm'] },
            // The new token exists from the start: a client that lists lazily never reaches page 2
            // (so nothing expires for it), and its re-authorization must still find a valid token.
            { token: 'token-2', principal: 'sam', scopes: ['crm'] },
          ],
        })
        .step('rotate', expireToken('token-1'), betweenPages(1))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    { do: 'settle', until: 'quiet' },
    { do: 'reauthorize', bearerToken: 'token-2' },
    { do: 'refresh' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'discovery.failure-surfaced', cites: { case: 'AU-02 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['crm_1', 'crm_2', 'crm_3', 'crm_4', 'crm_5'] },
      cites: { spec: '2026-07-28 §2.5 (a listing restarts from the first page)' },
    },
    {
      invariant: 'wire.header',
      params: { header: 'authorization', method: 'tools/list', equals: 'Bearer token-2', atLeastOne: true },
      cites: { spec: '2026-07-28 §6 (every request carries the bearer token)' },
      authority: { level: 'must', clauses: ['auth-bearer-every-request'] },
    },
  ],
};
