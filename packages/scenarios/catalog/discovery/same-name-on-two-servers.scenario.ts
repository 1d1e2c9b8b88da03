import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const sameNameOnTwoServers: Scenario = {
  id: 'same-name-on-two-servers',
  title:
    'Two servers both offer send_email: the client keeps both, each under its own server identity, and each call reaches its own server.',
  source: [{ seed: '000 fixture "same name on two servers"' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'work',
      script: scriptBuilder('work-mail')
        .tools(describedTool('send_email', 'Sends an email from the work account.'))
        .build(),
    },
    {
      id: 'personal',
      script: scriptBuilder('personal-mail')
        .tools(describedTool('send_email', 'Sends an email from the personal account.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', server: 'work', tool: 'send_email', arguments: { query: 'to: team' } },
    { do: 'call', server: 'personal', tool: 'send_email', arguments: { query: 'to: family' } },
  ],
  checks: [
    {
      id: 'work-exposed',
      invariant: 'registry.final-exposure',
      server: 'work',
      params: { exactly: ['send_email'] },
      cites: { seed: '000 (identity is (server_connection_id, tool_name))' },
    },
    {
      id: 'personal-exposed',
      invariant: 'registry.final-exposure',
      server: 'personal',
      params: { exactly: ['send_email'] },
      cites: { seed: '000 (identity is (server_connection_id, tool_name))' },
    },
    {
      id: 'work-calls-own',
      invariant: 'execution.no-silent-redirect',
      server: 'work',
      cites: { seed: '000 (result provenance per server)' },
    },
    {
      id: 'personal-calls-own',
      invariant: 'execution.no-silent-redirect',
      server: 'personal',
      cites: { seed: '000 (result provenance per server)' },
    },
    { invariant: 'calls.current-tools-callable', cites: { seed: '000 fixture "same name on two servers"' } },
  ],
};
