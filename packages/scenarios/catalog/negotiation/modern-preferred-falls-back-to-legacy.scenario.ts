import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const modernPreferredFallsBackToLegacy: Scenario = {
  id: 'modern-preferred-falls-back-to-legacy',
  title:
    'The client prefers 2026-07-28 but the server speaks only 2025-11-25: the modern request is refused, the client falls back to initialize, gets the tools and can call them.',
  source: [
    {
      spec: '2026-07-28 §1.4 (an empty or unrecognised 400 body, or another error, means legacy: initialize)',
    },
  ],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      // Pinned: the endpoint stays legacy-only in the cell that asks the client to prefer modern.
      script: scriptBuilder('legacy-only-endpoint').eras('legacy').tools(tool('search_docs')).build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'search_docs', arguments: { query: 'mcp' } },
  ],
  checks: [
    {
      invariant: 'era.negotiated',
      params: { era: 'legacy' },
      cites: {
        spec: '2026-07-28 §1.4 (fall back to initialize; the fallback must not hinge on one error code)',
      },
    },
    { invariant: 'legacy.lifecycle-order', cites: { spec: '2025-11-25 §1.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2025-11-25 §2.1' } },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2025-11-25 §3' } },
  ],
};
