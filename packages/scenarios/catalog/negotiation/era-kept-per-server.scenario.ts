import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const eraKeptPerServer: Scenario = {
  id: 'era-kept-per-server',
  title:
    'The client prefers 2026-07-28 and connects to a legacy-only server and a modern-only one: it speaks 2025-11-25 to the first and 2026-07-28 to the second, and sees both catalogs.',
  source: [{ spec: '2026-07-28 §1.4 (the era belongs to the server: cache it per server or origin)' }],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'old',
      script: scriptBuilder('legacy-only-server')
        .eras('legacy')
        .tools(describedTool('list_tickets', 'Lists the open tickets of the old tracker.'))
        .build(),
    },
    {
      id: 'new',
      script: scriptBuilder('modern-only-server')
        .eras('modern')
        .tools(describedTool('list_issues', 'Lists the open issues of the new tracker.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', server: 'old', tool: 'list_tickets', arguments: { query: 'open' } },
    { do: 'call', server: 'new', tool: 'list_issues', arguments: { query: 'open' } },
  ],
  checks: [
    {
      id: 'old-negotiated-legacy',
      invariant: 'era.negotiated',
      server: 'old',
      params: { era: 'legacy' },
      cites: { spec: '2026-07-28 §1.4 (fall back to initialize for a legacy server)' },
    },
    {
      id: 'new-negotiated-modern',
      invariant: 'era.negotiated',
      server: 'new',
      params: { era: 'modern' },
      cites: { spec: '2026-07-28 §1.4 (the era belongs to the server, not to the client)' },
    },
    {
      id: 'old-exposed',
      invariant: 'registry.final-exposure',
      server: 'old',
      params: { exactly: ['list_tickets'] },
      cites: { spec: '2025-11-25 §2.1' },
    },
    {
      id: 'new-exposed',
      invariant: 'registry.final-exposure',
      server: 'new',
      params: { exactly: ['list_issues'] },
      cites: { spec: '2026-07-28 §2.1' },
    },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §3' } },
  ],
};
