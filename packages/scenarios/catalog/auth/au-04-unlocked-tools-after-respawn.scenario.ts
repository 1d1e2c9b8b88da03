import { restartServer, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const au04UnlockedToolsAfterRespawn: Scenario = {
  id: 'au-04-unlocked-tools-after-respawn',
  title:
    'Variant C: the proxy process is killed and comes back with 107 tools: the client reconnects on its own, re-lists, and the session ends with 107.',
  source: [{ case: 'AU-04 S2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'proxy',
      script: scriptBuilder('au-04-c')
        .tools(...tools('proxy', 42))
        .step('respawn', restartServer({ tools: [...tools('proxy', 42), ...tools('upstream', 65)] }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'respawn' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'reconnect.resubscribed-and-relisted', cites: { case: 'AU-04 E2' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'AU-04 E1' } },
  ],
};
