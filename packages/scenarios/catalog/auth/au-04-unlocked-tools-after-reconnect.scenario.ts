import { generateTools, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const au04UnlockedToolsAfterReconnect: Scenario = {
  id: 'au-04-unlocked-tools-after-reconnect',
  title:
    'Variant B: the proxy grows from 42 to 107 tools without a notification, and the user runs the client’s reconnect command: the reconnect re-lists (never a cached pre-auth list) and the session ends with 107.',
  source: [{ case: 'AU-04 S2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'proxy',
      script: scriptBuilder('au-04-b')
        .tools(...tools('proxy', 42))
        .step('upstream-authorized', generateTools(65, { prefix: 'upstream', notify: false }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'upstream-authorized' },
    { do: 'reconnect' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { atLeast: 2 }, cites: { case: 'AU-04 E2' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'AU-04 E1' } },
  ],
};
