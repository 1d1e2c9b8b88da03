import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const authDependentList: Scenario = {
  id: 'auth-dependent-list',
  title:
    'One endpoint, two accounts: the account with the reports scope sees export_report, the other never does, not even from a cache.',
  source: [{ seed: '000 fixture "auth-dependent list"' }, { spec: '2026-07-28 §7' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'alice-conn',
      bearerToken: 'token-alice',
      script: scriptBuilder('auth-dependent-list')
        .tools(tool('read_repo'), tool('export_report'))
        .auth({
          tokens: [
            { token: 'token-alice', principal: 'alice', scopes: ['repo', 'reports'] },
            { token: 'token-bob', principal: 'bob', scopes: ['repo'] },
          ],
          toolScopes: { export_report: ['reports'] },
          hiddenTools: 'hide',
        })
        .build(),
    },
    { id: 'bob-conn', sameServerAs: 'alice-conn', bearerToken: 'token-bob' },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle', until: 'quiet' }],
  checks: [
    {
      id: 'alice-sees-report',
      invariant: 'registry.final-exposure',
      server: 'alice-conn',
      params: { exactly: ['read_repo', 'export_report'] },
      cites: { seed: '000 (account A may expose read_repo and create_issue while B exposes read_repo)' },
    },
    {
      id: 'bob-does-not',
      invariant: 'registry.final-exposure',
      server: 'bob-conn',
      params: { exactly: ['read_repo'] },
      cites: { seed: '000 fixture "auth-dependent list"' },
    },
    {
      invariant: 'cache.no-cross-principal-leak',
      server: 'bob-conn',
      cites: { spec: '2026-07-28 §7 (private results stay in one authorization context)' },
    },
  ],
};
