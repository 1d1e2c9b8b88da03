import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const dualEndpointClientPicksAnEra: Scenario = {
  id: 'dual-endpoint-client-picks-an-era',
  title:
    'One endpoint serves 2025-11-25 and 2026-07-28 and the client is told neither: it negotiates one era, keeps to it, gets the tools and can call them.',
  source: [{ spec: '2026-07-28 §1.4 (dual-era servers choose by how the client opens)' }],
  eras: ['dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('dual-endpoint').tools(tool('search_docs'), tool('fetch_page')).build(),
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
      cites: { spec: '2026-07-28 §1.4 (modern _meta → stateless modern; initialize → legacy)' },
    },
    {
      invariant: 'legacy.lifecycle-order',
      cites: { spec: '2025-11-25 §1.5 (initialize → initialized → requests, when it picks legacy)' },
    },
    {
      invariant: 'era.no-modern-flow-in-legacy-session',
      cites: { spec: '2026-07-28 §1.4 (an initialize opens a legacy session: it stays legacy)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §2.1' } },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §3' } },
  ],
};
