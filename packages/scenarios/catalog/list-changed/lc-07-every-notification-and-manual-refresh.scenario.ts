import { addTool, removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc07EveryNotificationAndManualRefresh: Scenario = {
  id: 'lc-07-every-notification-and-manual-refresh',
  title:
    'A single page of three tools; one is added and announced, then one removed and announced: each notification refreshes the list, and a manual refresh still works once pagination is exhausted.',
  source: [{ case: 'LC-07' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-07')
        .tools(tool('alpha'), tool('beta'), tool('gamma'))
        // Stale at once (2026-07-28 caching): the manual refresh is a listing, not a fresh cache hit.
        .freshness({ ttlMs: 0 })
        .step('add-delta', addTool(tool('delta')))
        .step('remove-beta', removeTool('beta'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-delta' },
    { do: 'settle' },
    { do: 'step', step: 'remove-beta' },
    { do: 'settle' },
    { do: 'refresh' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-07 E1' } },
    { invariant: 'discovery.list-requests', params: { atLeast: 4 }, cites: { case: 'LC-07 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['alpha', 'gamma', 'delta'] },
      cites: { case: 'LC-07 E1' },
    },
  ],
};
