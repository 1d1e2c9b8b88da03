import { afterRequests, restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const lc04ChangeRightAfterFirstListing: Scenario = {
  id: 'lc-04-change-right-after-first-listing',
  title:
    'Startup race B: the first tools/list returns an empty list and the tools register (and are announced) right after that answer: the client ends up with the full set.',
  source: [{ case: 'LC-04 S3' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-04-b')
        .step(
          'register-tools',
          restoreSnapshot(tools('backend', 4)),
          afterRequests(1, { method: 'tools/list' }),
        )
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-04 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'LC-04 E1' } },
  ],
};
