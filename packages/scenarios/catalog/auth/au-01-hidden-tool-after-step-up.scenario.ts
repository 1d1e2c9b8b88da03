import { emitListChanged, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const au01HiddenToolAfterStepUp: Scenario = {
  id: 'au-01-hidden-tool-after-step-up',
  title:
    'Variant: with the base scope share_doc is hidden from tools/list; after the stepped-up token arrives (and the server announces the change) the client re-lists and share_doc appears.',
  source: [{ case: 'AU-01 S3' }, { spec: '2026-07-28 §11.9' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'docs',
      bearerToken: 'token-base',
      script: scriptBuilder('au-01-hidden')
        .tools(
          describedTool('read_doc', 'Reads a document.'),
          describedTool('share_doc', 'Shares a document with a team.'),
        )
        .auth({
          tokens: [
            { token: 'token-base', principal: 'ana', scopes: ['tools:read'] },
            { token: 'token-admin', principal: 'ana', scopes: ['tools:read', 'docs:admin'] },
          ],
          toolScopes: { share_doc: ['docs:admin'] },
          hiddenTools: 'hide',
        })
        .step('announce-new-scope', emitListChanged())
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle', until: 'quiet' },
    { do: 'reauthorize', bearerToken: 'token-admin' },
    { do: 'step', step: 'announce-new-scope' },
    { do: 'settle', until: 'quiet' },
    { do: 'call', tool: 'share_doc', arguments: { query: 'q3-plan' } },
  ],
  checks: [
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['read_doc', 'share_doc'] },
      cites: { case: 'AU-01 E3' },
    },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'share_doc' }, cites: { case: 'AU-01 E2' } },
  ],
};
