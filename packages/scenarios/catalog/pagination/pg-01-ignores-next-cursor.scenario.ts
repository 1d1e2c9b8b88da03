import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg01IgnoresNextCursor: Scenario = {
  id: 'pg-01-ignores-next-cursor',
  title:
    '48 tools behind a gateway that pages at 30, with opaque cursors: exactly two tools/list requests, the second carrying the first page’s cursor, and tool 31+ is callable.',
  source: [{ case: 'PG-01' }, { spec: '2026-07-28 §2.5' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'gateway',
      script: scriptBuilder('pg-01')
        .seed(1301)
        .tools(...tools('gateway_tool', 48))
        .pageSize(30, 'opaque')
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'gateway_tool_42', arguments: { query: 'page two' } },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { exactly: 2 }, cites: { case: 'PG-01 E1' } },
    { invariant: 'discovery.cursors-echoed', cites: { case: 'PG-01 E1' } },
    { invariant: 'registry.matches-final-catalog', cites: { case: 'PG-01 E2' } },
    { invariant: 'calls.current-tools-callable', cites: { case: 'PG-01 E2' } },
  ],
};
