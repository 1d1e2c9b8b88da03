import { atStart, injectFault, restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const lc04ChangeDuringFirstListing: Scenario = {
  id: 'lc-04-change-during-first-listing',
  title:
    'Startup race A: the first tools/list is held (its empty answer waits for the logical clock), the server registers its tools and announces them meanwhile, and the held empty answer is released only after the client’s re-list (if it sends one at once) — so it arrives last: the client ends up with the full set.',
  source: [{ case: 'LC-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-04-a')
        .step(
          'slow-first-list',
          injectFault({ kind: 'delay', ms: 500, clock: 'logical' }, { method: 'tools/list' }),
          atStart(),
        )
        .step('register-tools', restoreSnapshot(tools('backend', 4)))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', background: true },
    { do: 'wait-for', frame: { direction: 'in', method: 'tools/list' } },
    { do: 'step', step: 'register-tools' },
    // A client that re-lists while its first listing is still unanswered does so now, and its re-list
    // is answered at once with the four tools (the next message out); one that waits for the first
    // answer sends nothing, and these waits end inconclusive (staging, not a verdict on the client)
    // before the held answer is let go.
    { do: 'wait-for', frame: { direction: 'in', method: 'tools/list' }, timeoutMs: 1500 },
    { do: 'wait-for', frame: { direction: 'out', kind: 'message' }, timeoutMs: 1500 },
    { do: 'advance-clock', ms: 500, on: 'server' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-04 E2' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'LC-04 E1' } },
  ],
};
