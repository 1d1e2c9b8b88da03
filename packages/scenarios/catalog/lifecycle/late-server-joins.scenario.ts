import { atStart, injectFault, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const lateServerJoins: Scenario = {
  id: 'late-server-joins',
  title:
    'A second server answers its handshake late (the first request it gets, initialize or server/discover, held for 5 s of logical time) while the client already works with the first: the client keeps the first server usable and adds the late server’s tools once it answers.',
  source: [{ spec: '2025-11-25 §1.5' }, { spec: '2026-07-28 §1.2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  requires: ['multi-server'],
  servers: [
    {
      id: 'docs',
      script: scriptBuilder('docs')
        .tools(describedTool('search_docs', 'Searches the documentation.'))
        .build(),
    },
    {
      id: 'tickets',
      script: scriptBuilder('tickets')
        .tools(describedTool('open_ticket', 'Opens a support ticket.'))
        // The first request this server gets, whichever handshake the client tries first
        // (initialize or server/discover): a client that probes one era and falls back to the
        // other is held once, as every other client is, and its fallback is answered at once.
        .step('slow-handshake', injectFault({ kind: 'delay', ms: 5000, clock: 'logical' }), atStart())
        .build(),
    },
  ],
  clientActions: [
    // A host that connects every server at once (e.g. mcp-use's createAllSessions()) finishes
    // connecting docs only when tickets answers too: after 1 s of quiet wire with tickets' handshake
    // held, its clock moves on, as it would for a user who waits. Hosts that connect docs alone
    // never trigger this (tickets holds nothing yet).
    {
      do: 'connect',
      server: 'docs',
      releaseIfBlocked: { server: 'tickets', ms: 5000, quietMs: 1000 },
    },
    { do: 'settle', server: 'docs' },
    { do: 'connect', server: 'tickets', background: true },
    { do: 'wait-for', server: 'tickets', frame: { direction: 'in', kind: 'message' } },
    {
      do: 'call',
      server: 'docs',
      tool: 'search_docs',
      arguments: { query: 'while the other server is slow' },
    },
    { do: 'advance-clock', ms: 5000, on: 'server', server: 'tickets' },
    { do: 'settle' },
    { do: 'call', server: 'tickets', tool: 'open_ticket', arguments: { query: 'after it joined' } },
  ],
  checks: [
    {
      id: 'docs-usable-meanwhile',
      invariant: 'calls.last-call-succeeds',
      server: 'docs',
      params: { tool: 'search_docs' },
      cites: { spec: '2026-07-28 §1.2 (servers are discovered independently)' },
    },
    {
      id: 'tickets-joined',
      invariant: 'registry.final-exposure',
      server: 'tickets',
      params: { exactly: ['open_ticket'] },
      cites: { spec: '2025-11-25 §1.5' },
    },
    {
      id: 'tickets-callable',
      invariant: 'calls.last-call-succeeds',
      server: 'tickets',
      params: { tool: 'open_ticket' },
      cites: { spec: '2025-11-25 §1.5' },
    },
  ],
};
