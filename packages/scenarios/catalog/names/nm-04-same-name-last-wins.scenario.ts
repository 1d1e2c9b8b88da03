import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const nm04SameNameLastWins: Scenario = {
  id: 'nm-04-same-name-last-wins',
  title:
    'Servers A and B both offer send_email with different descriptions: the model sees two distinct names, and picking A’s runs on A while picking B’s runs on B.',
  source: [{ case: 'NM-04' }, { spec: '2026-07-28 §2.3' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'mail-a',
      script: scriptBuilder('nm-04-a')
        .tools(describedTool('send_email', 'Sends email through the Work mailbox.'))
        .build(),
    },
    {
      id: 'mail-b',
      script: scriptBuilder('nm-04-b')
        .tools(describedTool('send_email', 'Sends email through the Personal mailbox.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'Work mailbox' }, arguments: { query: 'to: team' } },
    { do: 'model-call', pick: { description: 'Personal mailbox' }, arguments: { query: 'to: family' } },
  ],
  checks: [
    { invariant: 'model.names-valid', cites: { case: 'NM-04 E1' } },
    {
      id: 'a-not-shadowed',
      invariant: 'model.nothing-silently-dropped',
      server: 'mail-a',
      cites: { case: 'NM-04 E1' },
    },
    {
      id: 'b-not-shadowed',
      invariant: 'model.nothing-silently-dropped',
      server: 'mail-b',
      cites: { case: 'NM-04 E1' },
    },
    {
      id: 'a-runs-its-calls',
      invariant: 'model.calls-routed',
      server: 'mail-a',
      cites: { case: 'NM-04 E2' },
    },
    {
      id: 'b-runs-its-calls',
      invariant: 'model.calls-routed',
      server: 'mail-b',
      cites: { case: 'NM-04 E2' },
    },
  ],
};
