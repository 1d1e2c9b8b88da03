import { addTool, restartServer, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const rc05RestartKeepsOldTools: Scenario = {
  id: 'rc-05-restart-keeps-old-tools',
  title:
    'The remote server restarts (all sessions and streams gone) and comes back with {alpha, gamma}: after reconnecting the client exposes {alpha, gamma}, and a later added delta still arrives on the new connection.',
  source: [{ case: 'RC-05' }, { seed: '002 (re-listen and re-list after reconnect)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rc-05')
        .tools(tool('alpha'), tool('beta'))
        .step('restart', restartServer({ tools: [tool('alpha'), tool('gamma')] }))
        .step('add-delta', addTool(tool('delta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'restart' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'settle' },
    { do: 'step', step: 'add-delta' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'reconnect.resubscribed-and-relisted', cites: { case: 'RC-05 E1' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['alpha', 'gamma', 'delta'] },
      cites: { case: 'RC-05 E2' },
    },
    { invariant: 'registry.no-stale-exposure', cites: { case: 'RC-05 E1' } },
  ],
};
