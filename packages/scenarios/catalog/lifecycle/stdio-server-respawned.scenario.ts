import { addTool, exitProcess, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const stdioServerRespawned: Scenario = {
  id: 'stdio-server-respawned',
  title:
    'The stdio server process exits (code 1) after its catalog changed without a notification: the client notices, respawns the server, starts a new session and lists again, so it exposes (and can call) the tool the old process never announced.',
  source: [
    { spec: '2026-07-28 §4.2 (stdio: no state across restarts; re-send listen, re-list)' },
    { case: 'RC-05' },
  ],
  eras: ['legacy', 'modern'],
  transports: ['stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('stdio-respawn')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta'), { notify: false }))
        .step('crash', exitProcess(1))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'step', step: 'crash' },
    {
      do: 'wait-for',
      frame: { direction: 'in', kind: 'message', streamPrefix: 'conn-2' },
      timeoutMs: 10_000,
    },
    { do: 'settle' },
    { do: 'call', tool: 'beta', arguments: { query: 'after the respawn' } },
  ],
  checks: [
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §4.2' } },
    { invariant: 'calls.last-call-succeeds', params: { tool: 'beta' }, cites: { case: 'RC-05' } },
  ],
};
