import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

const privateScope = {
  spec: '2026-07-28 §7 (a private listing is reused only in the same authorization context)',
} as const;

export const lc11ModelOfferedOwnPrincipalTools: Scenario = {
  id: 'lc-11-model-offered-own-principal-tools',
  title:
    'One server, two accounts (an admin and a user, each with their own token and catalog): the model request offers each connection only the tools its own account was served, never the admin’s tool as the user’s.',
  source: [{ case: 'LC-11 S3' }, privateScope],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'admin-conn',
      bearerToken: 'token-admin',
      script: scriptBuilder('lc-11-model-principals')
        .tools(tool('alpha'), tool('admin_panel'))
        .auth({
          tokens: [
            { token: 'token-admin', principal: 'admin', scopes: ['tools', 'admin'] },
            { token: 'token-user', principal: 'user', scopes: ['tools'] },
          ],
          toolScopes: { admin_panel: ['admin'] },
          hiddenTools: 'hide',
        })
        .build(),
    },
    { id: 'user-conn', sameServerAs: 'admin-conn', bearerToken: 'token-user' },
  ],
  clientActions: [
    { do: 'connect', server: 'admin-conn' },
    { do: 'connect', server: 'user-conn' },
    { do: 'settle', until: 'quiet' },
    { do: 'model-request' },
  ],
  checks: [
    { invariant: 'model.no-cross-principal-tools', server: 'user-conn', cites: { case: 'LC-11 E2' } },
    { invariant: 'model.requests-built', cites: { case: 'LC-11 E1' } },
  ],
};
