import { afterRequests, restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const lc04ChangeBeforeInitialized: Scenario = {
  id: 'lc-04-change-before-initialized',
  title:
    'Startup race C: the tools register and a list_changed goes out before the client’s notifications/initialized: the client is not confused and ends up with the full set.',
  source: [{ case: 'LC-04 S3' }, { spec: '2025-11-25 §1.5' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-04-c')
        .notifications({ uninitializedSessions: 'send' })
        .step(
          'register-tools',
          restoreSnapshot(tools('backend', 4)),
          afterRequests(1, { method: 'initialize' }),
        )
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'legacy.lifecycle-order', cites: { spec: '2025-11-25 §1.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'LC-04 E1' } },
  ],
};
