import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const modernTtlBackstop: Scenario = {
  id: 'seed-002-modern-ttl-backstop',
  title:
    'The server changes and its notification is lost (ttlMs 30 s): within an hour of client time the client’s revalidation backstop re-lists and it converges.',
  source: [
    { seed: '002 (use the advertised freshness hints and a conservative polling policy as a backstop)' },
    { spec: '2026-07-28 §7' },
  ],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('modern-ttl-backstop')
        .eras('modern')
        .tools(tool('alpha'))
        .freshness({ ttlMs: 30_000 })
        .notifications({ mode: 'suppress' })
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'advance-clock', ms: 3_600_000, on: 'client' },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { atLeast: 2 }, cites: { seed: '002 (TTL backstop)' } },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §7 (once stale, re-fetch)' } },
  ],
};
