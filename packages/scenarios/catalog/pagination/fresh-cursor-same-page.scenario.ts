import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const freshCursorSamePage: Scenario = {
  id: 'fresh-cursor-same-page',
  title:
    'Every tools/list page carries a cursor never seen before, and each serves the same first page again: the client stops within a few requests (a repeated cursor is not the only sign of a stuck listing) and exposes the 3 tools once.',
  source: [{ spec: '2026-07-28 §2.5' }, { case: 'PG-05' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('fresh-cursor-same-page')
        .tools(...tools('note', 3))
        .pagination({ pageSize: 3, cursorStyle: 'freshSamePage' })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { atMost: 5 }, cites: { spec: '2026-07-28 §2.5' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['note_1', 'note_2', 'note_3'] },
      cites: { case: 'PG-05 E2' },
    },
  ],
};
