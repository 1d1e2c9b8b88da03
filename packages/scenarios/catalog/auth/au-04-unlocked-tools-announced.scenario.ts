import { generateTools, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const au04UnlockedToolsAnnounced: Scenario = {
  id: 'au-04-unlocked-tools-announced',
  title:
    'Variant A: an upstream authorization mid-session grows the proxy from 42 to 107 tools and the proxy announces it: the session ends with 107 tools.',
  source: [{ case: 'AU-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'proxy',
      script: scriptBuilder('au-04-a')
        .tools(...tools('proxy', 42))
        .step('upstream-authorized', generateTools(65, { prefix: 'upstream' }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'upstream-authorized' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'AU-04 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'AU-04 E1' } },
  ],
};
