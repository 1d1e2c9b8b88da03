import { restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc11PerUserConnections: Scenario = {
  id: 'lc-11-per-user-connections',
  title:
    'Two users hold their own connections to one server, and only the admin sees admin_panel: a change refreshes both, and neither user’s refresh leaks into the other’s catalogue.',
  source: [{ case: 'LC-11 S3' }, { spec: '2026-07-28 §7' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'admin-conn',
      bearerToken: 'token-admin',
      script: scriptBuilder('lc-11-users')
        .tools(tool('alpha'), tool('beta'), tool('admin_panel'))
        .auth({
          tokens: [
            { token: 'token-admin', principal: 'admin', scopes: ['tools', 'admin'] },
            { token: 'token-user', principal: 'user', scopes: ['tools'] },
          ],
          toolScopes: { admin_panel: ['admin'] },
          hiddenTools: 'hide',
        })
        .step('swap', restoreSnapshot([tool('beta'), tool('gamma'), tool('admin_panel')]))
        .build(),
    },
    { id: 'user-conn', sameServerAs: 'admin-conn', bearerToken: 'token-user' },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle', until: 'quiet' },
    { do: 'step', step: 'swap', server: 'admin-conn' },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    {
      id: 'admin-catalogue',
      invariant: 'registry.final-exposure',
      server: 'admin-conn',
      params: { exactly: ['beta', 'gamma', 'admin_panel'] },
      cites: { case: 'LC-11 E1' },
    },
    {
      id: 'user-catalogue',
      invariant: 'registry.final-exposure',
      server: 'user-conn',
      params: { exactly: ['beta', 'gamma'] },
      cites: { case: 'LC-11 E2' },
    },
    { invariant: 'cache.no-cross-principal-leak', server: 'user-conn', cites: { case: 'LC-11 E2' } },
  ],
};
