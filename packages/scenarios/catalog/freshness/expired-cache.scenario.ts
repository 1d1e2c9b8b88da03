import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const expiredCache: Scenario = {
  id: 'expired-cache',
  title:
    'The listing carries ttlMs 60 s and the server changes without a notification: once the client’s cache has expired, its next use re-lists and picks up the change.',
  source: [{ seed: '000 fixture "expired cache"' }, { spec: '2026-07-28 §7' }],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('expired-cache')
        .tools(tool('alpha'))
        .freshness({ ttlMs: 60_000 })
        .step('add-beta-silently', addTool(tool('beta'), { notify: false }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta-silently' },
    { do: 'advance-clock', ms: 61_000, on: 'client' },
    { do: 'model-request' },
    { do: 'settle' },
    { do: 'model-request' },
  ],
  checks: [
    {
      invariant: 'discovery.list-requests',
      params: { atLeast: 2 },
      cites: { spec: '2026-07-28 §7 (once stale, SHOULD re-fetch on next use)' },
      authority: { level: 'should', clauses: ['modern-stale-refetched'] },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "expired cache"' } },
    {
      invariant: 'model.request-offers',
      params: { includes: ['alpha', 'beta'] },
      cites: { seed: '000 (cache lifetime should come from protocol metadata)' },
    },
  ],
};
