import { atStart, injectFault, restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const lc04ChangeDuringFirstListing: Scenario = {
  id: 'lc-04-change-during-first-listing',
  title:
    'Startup race A: the first tools/list is answered (empty) 500 ms late, and the server registers its tools and announces them while that answer is still in flight: the client ends up with the full set.',
  source: [{ case: 'LC-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-04-a')
        .step('slow-first-list', injectFault({ kind: 'delay', ms: 500 }, { method: 'tools/list' }), atStart())
        .step('register-tools', restoreSnapshot(tools('backend', 4)))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', background: true },
    { do: 'wait-for', frame: { direction: 'in', method: 'tools/list' } },
    { do: 'step', step: 'register-tools' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-04 E2' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'LC-04 E1' } },
  ],
};
