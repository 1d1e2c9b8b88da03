import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const veryLargeToolList: Scenario = {
  id: 'very-large-tool-list',
  title:
    '2,000 tools in 20 pages of 100: the client reads every page, exposes all 2,000, and can call the last one.',
  source: [{ seed: '000 fixture "very large tool list"' }, { spec: '2026-07-28 §2.5' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('very-large-tool-list')
        .tools(...tools('record', 2000))
        .pageSize(100)
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'record_2000', arguments: { query: 'last' } },
  ],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'discovery.list-requests', params: { exactly: 20 }, cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'discovery.cursors-echoed', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "very large tool list"' } },
    { invariant: 'calls.current-tools-callable', cites: { seed: '000 fixture "very large tool list"' } },
  ],
  // Every page read, all 2,000 exposed, the last one callable; echoing cursors verbatim is judged beside it.
  essential: [
    'discovery.follows-every-cursor',
    'discovery.list-requests',
    'registry.matches-final-catalog',
    'calls.current-tools-callable',
  ],
};
