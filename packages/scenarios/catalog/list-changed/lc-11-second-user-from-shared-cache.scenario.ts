import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

const privateScope = {
  spec: '2026-07-28 §7 (a private listing is reused only in the same authorization context)',
} as const;

export const lc11SecondUserFromSharedCache: Scenario = {
  id: 'lc-11-second-user-from-shared-cache',
  title:
    'A host that caches listings across sessions serves an admin and then a user of one server, each with their own token: the user’s connection may start from the cache, but never from the admin’s listing.',
  source: [{ case: 'LC-11 S3' }, privateScope],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'admin-conn',
      bearerToken: 'token-admin',
      script: scriptBuilder('lc-11-shared-cache')
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
    { do: 'connect', server: 'admin-conn', reuseCache: true },
    { do: 'settle', until: 'quiet' },
    { do: 'connect', server: 'user-conn', reuseCache: true },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    { invariant: 'cache.no-cross-principal-leak', server: 'user-conn', cites: { case: 'LC-11 E2' } },
    {
      id: 'user-catalogue',
      invariant: 'registry.final-exposure',
      server: 'user-conn',
      params: { exactly: ['alpha'] },
      cites: privateScope,
    },
    {
      id: 'admin-catalogue',
      invariant: 'registry.final-exposure',
      server: 'admin-conn',
      params: { exactly: ['alpha', 'admin_panel'] },
      cites: { case: 'LC-11 E1' },
    },
  ],
};
