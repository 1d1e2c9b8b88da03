import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg05EmptyCursorLoop: Scenario = {
  id: 'pg-05-empty-cursor-loop',
  title:
    'Every response carries nextCursor "" and the cursor "" serves the same page again: the client stops within three requests and exposes the 5 tools once.',
  source: [{ case: 'PG-05' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-05')
        .tools(...tools('note', 5))
        .pagination({ cursorStyle: 'nonAdvancing', repeatCursor: '' })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    { invariant: 'discovery.list-requests', params: { atMost: 3 }, cites: { case: 'PG-05 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['note_1', 'note_2', 'note_3', 'note_4', 'note_5'] },
      cites: { case: 'PG-05 E2' },
    },
  ],
};
