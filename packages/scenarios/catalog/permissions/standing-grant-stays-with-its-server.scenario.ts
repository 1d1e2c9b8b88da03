import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

const identity = { seed: '000 (identity is (server_connection_id, tool_name))' } as const;

export const standingGrantStaysWithItsServer: Scenario = {
  id: 'standing-grant-stays-with-its-server',
  title:
    'Work and personal servers both offer send_email; the user always allows work/send_email: a call of personal/send_email still asks the user first.',
  source: [identity, { case: 'NM-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'work',
      script: scriptBuilder('grant-work')
        .tools(describedTool('send_email', 'Sends an email from the work account.'))
        .build(),
    },
    {
      id: 'personal',
      script: scriptBuilder('grant-personal')
        .tools(describedTool('send_email', 'Sends an email from the personal account.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'grant', server: 'work', tool: 'send_email' },
    { do: 'call', server: 'work', tool: 'send_email', arguments: { query: 'to: team' } },
    { do: 'call', server: 'personal', tool: 'send_email', arguments: { query: 'to: family' } },
  ],
  checks: [
    {
      id: 'work-permitted',
      invariant: 'permissions.no-transfer-across-servers',
      server: 'work',
      cites: identity,
    },
    {
      id: 'personal-permitted',
      invariant: 'permissions.no-transfer-across-servers',
      server: 'personal',
      cites: identity,
    },
  ],
};
