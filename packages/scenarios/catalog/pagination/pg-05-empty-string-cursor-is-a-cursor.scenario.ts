import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const pg05EmptyStringCursorIsACursor: Scenario = {
  id: 'pg-05-empty-string-cursor-is-a-cursor',
  title:
    'The cursor to page two is the empty string, which 2026-07-28 says is a valid cursor: the client requests it and gets all 6 tools.',
  source: [{ case: 'PG-05 Notes' }, { spec: '2026-07-28 §2.5 (an empty-string cursor is valid)' }],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('pg-05-empty-string')
        .eras('modern')
        .tools(...tools('note', 6))
        .pageSize(3, 'emptyString')
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    {
      invariant: 'discovery.follows-every-cursor',
      cites: { spec: '2026-07-28 §2.5' },
      // The cursor left unfollowed here is the empty string, which 2026-07-28 says is not the end.
      authority: { level: 'must', clauses: ['modern-empty-cursor-not-end'] },
    },
    { invariant: 'discovery.cursors-echoed', cites: { case: 'PG-05 Notes (cursors are opaque)' } },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §2.5' } },
  ],
};
