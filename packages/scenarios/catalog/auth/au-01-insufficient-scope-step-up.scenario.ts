import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const au01InsufficientScopeStepUp: Scenario = {
  id: 'au-01-insufficient-scope-step-up',
  title:
    'Calling share_doc without docs:admin gets 403 insufficient_scope: the client tells the user the missing scope, and after the stepped-up token arrives the call succeeds.',
  source: [{ case: 'AU-01' }, { spec: '2026-07-28 §6' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'docs',
      bearerToken: 'token-base',
      script: scriptBuilder('au-01')
        .tools(
          describedTool('read_doc', 'Reads a document.'),
          describedTool('share_doc', 'Shares a document with a team.'),
        )
        .auth({
          challengeScopes: ['tools:read', 'tools:call'],
          tokens: [
            { token: 'token-base', principal: 'ana', scopes: ['tools:read', 'tools:call'] },
            { token: 'token-admin', principal: 'ana', scopes: ['tools:read', 'tools:call', 'docs:admin'] },
          ],
          toolScopes: { share_doc: ['docs:admin'] },
          hiddenTools: 'forbid',
        })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle', until: 'quiet' },
    { do: 'call', tool: 'share_doc', arguments: { query: 'q3-plan' } },
    { do: 'reauthorize', bearerToken: 'token-admin' },
    { do: 'settle', until: 'quiet' },
    { do: 'call', tool: 'share_doc', arguments: { query: 'q3-plan' } },
  ],
  checks: [
    { invariant: 'report.user-told', params: { mentions: 'docs:admin' }, cites: { case: 'AU-01 E1' } },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'share_doc' }, cites: { case: 'AU-01 E2' } },
  ],
};
