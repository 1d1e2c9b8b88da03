import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

/** Where the fake server ends its loop: one page past the bound the check allows. */
const LOOP_ENDS_AT_PAGE = 1001;

export const freshCursorSamePage: Scenario = {
  id: 'fresh-cursor-same-page',
  title:
    'Every tools/list page carries a cursor never seen before, and each serves the same first page again: the client stops on its own (a repeated cursor is not the only sign of a stuck listing; a page cap of its own counts) within 1,000 requests, and exposes the 3 tools once. The server ends its loop at page 1,001 so that a client that never stops is counted, not cut off by a timeout.',
  source: [{ spec: '2026-07-28 §2.5' }, { case: 'PG-05' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('fresh-cursor-same-page')
        .tools(...tools('note', 3))
        .pagination({ pageSize: 3, cursorStyle: 'freshSamePage', loopEndsAtPage: LOOP_ENDS_AT_PAGE })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    // A client that stopped on a repeated page is done once its wire is quiet for a second; one that
    // follows every cursor is left 30 s to reach the loop's end.
    { do: 'settle', until: 'quiet', quietMs: 1000, timeoutMs: 30_000 },
  ],
  checks: [
    {
      invariant: 'discovery.list-requests',
      params: { atMost: LOOP_ENDS_AT_PAGE - 1 },
      cites: { spec: '2026-07-28 §2.5' },
    },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['note_1', 'note_2', 'note_3'] },
      cites: { case: 'PG-05 E2' },
    },
  ],
};
