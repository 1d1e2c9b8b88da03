import { describe, expect } from 'vitest';
import {
  checkRows,
  failure,
  listed,
  listFailed,
  opened,
  policy,
  READY_LEGACY,
  READY_MODERN,
  type Row,
  refresh,
  streamEnded,
  subscribed,
  tools,
} from '../../test/support/machine-table.js';

const ROWS: Row[] = [
  {
    name: 'verified + list-failed (401) → authRequired, withdrawn, backoff poll',
    given: [...READY_LEGACY, refresh('manual')],
    when: listFailed(2, failure('auth-expired', 'http-401')),
    state: (s) =>
      expect(tools(s)).toMatchObject({ phase: 'authRequired', verified: false, failedAttempts: 1 }),
    effects: [
      { type: 'withdraw' },
      { type: 'phase', phase: 'authRequired' },
      { type: 'set-timer', timer: 'poll:tools', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'verified + list-failed (network) → stale, kept',
    given: [...READY_LEGACY, refresh('manual')],
    when: listFailed(2, failure('network-unreachable', 'econnrefused')),
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'stale', verified: true }),
    effects: [{ type: 'phase', phase: 'stale' }, { type: 'set-timer' }],
  },
  {
    name: 'list-failed (session-lost), first → connection dropped, a new session at once',
    given: [...READY_LEGACY, refresh('manual')],
    when: listFailed(2, failure('network-unreachable', 'session-lost')),
    state: (s) => {
      expect(s.connection).toEqual({ step: 'opening', generation: 2 });
      expect(tools(s).run.sessionRetries).toBe(1);
    },
    effects: [
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer', timer: 'resubscribe' },
      { type: 'open', generation: 2 },
    ],
  },
  {
    name: 'list-failed (session-lost), second → retry after backoff 0',
    given: [
      ...READY_LEGACY,
      refresh('manual'),
      listFailed(2, failure('network-unreachable', 'session-lost')),
      opened(2, 'legacy'),
    ],
    when: listFailed(3, failure('network-unreachable', 'session-lost')),
    state: (s) => expect(tools(s).listing).toEqual({ step: 'retry-wait', reason: 'manual' }),
    effects: [
      { type: 'close-connection', generation: 2 },
      { type: 'cancel-timer' },
      { type: 'set-timer', timer: 'reconnect', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'open-failed (session-lost) past maxSessionRetries → failed session-lost',
    given: [
      refresh(),
      { type: 'open-failed', generation: 1, failure: failure('network-unreachable', 'session-lost') },
      { type: 'open-failed', generation: 2, failure: failure('network-unreachable', 'session-lost') },
      { type: 'timer', timer: 'reconnect' },
      { type: 'open-failed', generation: 3, failure: failure('network-unreachable', 'session-lost') },
      { type: 'timer', timer: 'reconnect' },
    ],
    when: { type: 'open-failed', generation: 4, failure: failure('network-unreachable', 'session-lost') },
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'failed', failure: { reason: 'session-lost' } }),
    effects: [
      { type: 'phase', phase: 'failed' },
      { type: 'set-timer', timer: 'poll:tools' },
    ],
  },
  {
    name: 'list-failed (invalid cursor), first → from page one again',
    given: [refresh(), opened(1, 'legacy')],
    when: listFailed(1, failure('malformed-response', 'invalid-cursor')),
    state: (s) => expect(tools(s)).toMatchObject({ listing: { id: 2 }, run: { cursorRestarts: 1 } }),
    effects: [{ type: 'list', listingId: 2 }],
  },
  {
    name: 'list-failed (invalid cursor), second → failed malformed-response',
    given: [refresh(), opened(1, 'legacy'), listFailed(1, failure('malformed-response', 'invalid-cursor'))],
    when: listFailed(2, failure('malformed-response', 'invalid-cursor')),
    state: (s) => expect(tools(s).phase).toBe('failed'),
    effects: [{ type: 'phase', phase: 'failed' }, { type: 'set-timer' }],
  },
  {
    name: 'list-failed (page cap) → failed, one page-cap warning',
    given: [refresh(), opened(1, 'legacy')],
    when: listFailed(1, failure('server-bug', 'page-cap')),
    state: (s) => expect(tools(s).phase).toBe('failed'),
    effects: [{ type: 'phase' }, { type: 'warn', warning: 'page-cap', list: 'tools' }, { type: 'set-timer' }],
  },
  {
    name: 'listed with a non-advancing cursor → installed, one non-advancing-cursor warning',
    given: [refresh(), opened(1, 'legacy')],
    when: listed(1, ['repeated-cursor-ended']),
    state: (s) => expect(tools(s).phase).toBe('ready'),
    effects: [
      { type: 'install' },
      { type: 'phase' },
      { type: 'warn', warning: 'non-advancing-cursor' },
      { type: 'set-timer' },
    ],
  },
  {
    name: 'an obsolete listing (replaced id) is ignored',
    given: [refresh(), opened(1, 'legacy'), { type: 'credentials' }],
    when: listed(1),
    state: (s) => expect(tools(s).verified).toBe(false),
    effects: [],
  },
  {
    name: 'credentials → connection closed, re-listed on a new one',
    given: READY_LEGACY,
    when: { type: 'credentials' },
    state: (s) => {
      expect(s.connection).toEqual({ step: 'opening', generation: 2 });
      expect(tools(s)).toMatchObject({ phase: 'refreshing', listing: { reason: 'credentials-changed' } });
    },
    effects: [
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer', timer: 'resubscribe' },
      { type: 'cancel-timer', timer: 'relist:tools' },
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'phase', phase: 'refreshing' },
      { type: 'open', generation: 2 },
      { type: 'cancel-timer', timer: 'reconnect' },
    ],
  },
  {
    name: 'session-lost (a call saw 404) → new session, re-list counted as a change',
    given: READY_LEGACY,
    when: { type: 'session-lost', generation: 1 },
    state: (s) => {
      expect(s.connection.generation).toBe(2);
      expect(tools(s)).toMatchObject({
        changeSeq: 1,
        listing: { step: 'awaiting-connection', reason: 'session-lost' },
      });
    },
    effects: [
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer' },
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'phase', phase: 'refreshing' },
      { type: 'open', generation: 2 },
    ],
  },
  {
    name: 'listening + stream-ended (size limit) → oversize warning, reconnect after backoff 0',
    given: READY_MODERN,
    when: streamEnded(1, 'size-limit'),
    state: (s) => {
      expect(s.stream).toMatchObject({ step: 'backoff', attempts: 1 });
      expect(tools(s).signal).toBe('polling');
    },
    effects: [
      { type: 'warn', warning: 'oversize-stream' },
      { type: 'set-timer', timer: 'resubscribe', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'a resubscribed stream cut again → backoff grows (attempt 1), never reset by the ack',
    given: [
      ...READY_MODERN,
      streamEnded(1, 'size-limit'),
      { type: 'timer', timer: 'resubscribe' },
      subscribed(1, true),
    ],
    when: streamEnded(1, 'size-limit'),
    state: (s) => expect(s.stream.attempts).toBe(2),
    effects: [
      { type: 'warn' },
      { type: 'set-timer', timer: 'resubscribe', delay: { kind: 'backoff', attempt: 1 } },
    ],
  },
  {
    name: 'a stream that stayed up stableStreamMs and closed cleanly → backoff reset',
    given: [
      ...READY_MODERN,
      streamEnded(1, 'remote-close'),
      { type: 'timer', timer: 'resubscribe' },
      subscribed(1, true),
    ],
    when: { at: policy.stableStreamMs, event: streamEnded(1, 'remote-close') },
    state: (s) => expect(s.stream.attempts).toBe(1),
    effects: [{ type: 'set-timer', timer: 'resubscribe', delay: { kind: 'backoff', attempt: 0 } }],
  },
  {
    name: 'backoff + resubscribe timer → subscribe; its ack re-lists (notifications may be lost)',
    given: [...READY_MODERN, streamEnded(1, 'protocol-error'), { type: 'timer', timer: 'resubscribe' }],
    when: subscribed(1, true),
    state: (s) =>
      expect(tools(s)).toMatchObject({ signal: 'listen', changeSeq: 1, listing: { step: 'enumerating' } }),
    effects: [
      { type: 'cancel-timer' },
      { type: 'phase', phase: 'refreshing' },
      { type: 'list', listingId: 2 },
    ],
  },
  {
    name: 'restored snapshot (cold start) → stale; its refresh is refreshing',
    given: [{ type: 'restored', list: 'tools' }],
    when: refresh(),
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'refreshing', restored: true, verified: false }),
    effects: [{ type: 'cancel-timer' }, { type: 'phase', phase: 'refreshing' }, { type: 'open' }],
  },
  {
    name: 'an expired cache entry is installed, then re-listed right away',
    given: [refresh(), opened(1, 'legacy')],
    when: { type: 'listed', list: 'tools', listingId: 1, source: 'cache', expired: true, warnings: [] },
    state: (s) => expect(tools(s).phase).toBe('ready'),
    effects: [
      { type: 'install' },
      { type: 'phase' },
      { type: 'set-timer', timer: 'expired:tools', delay: { kind: 'exact', ms: 0 } },
    ],
  },
  {
    name: 'connection-lost (a stdio process exited) → stale with the exit, respawn after backoff 0',
    given: READY_MODERN,
    when: { type: 'connection-lost', generation: 1, detail: 'the server process exited (exit code 1)' },
    state: (s) => {
      expect(s.connection.step).toBe('none');
      expect(s.reconnects).toBe(1);
      expect(tools(s)).toMatchObject({
        phase: 'stale',
        verified: true,
        failure: { kind: 'network-unreachable', reason: 'connection-lost' },
        listing: { step: 'retry-wait', reason: 'reconnect' },
        changeSeq: 1,
      });
    },
    effects: [
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer', timer: 'resubscribe' },
      { type: 'cancel-timer', timer: 'relist:tools' },
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'phase', phase: 'stale' },
      { type: 'set-timer', timer: 'reconnect', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'reconnect timer → a new connection (respawn), the list refreshing',
    given: [...READY_MODERN, { type: 'connection-lost', generation: 1, detail: 'exit' }],
    when: { type: 'timer', timer: 'reconnect' },
    state: (s) => {
      expect(s.connection).toEqual({ step: 'opening', generation: 2 });
      expect(tools(s)).toMatchObject({ phase: 'refreshing', listing: { step: 'awaiting-connection' } });
    },
    effects: [
      { type: 'phase', phase: 'refreshing' },
      { type: 'open', generation: 2 },
    ],
  },
  {
    name: 'a respawned process that dies again at once → backoff grows (attempt 1)',
    given: [
      ...READY_MODERN,
      { type: 'connection-lost', generation: 1, detail: 'exit' },
      { type: 'timer', timer: 'reconnect' },
      opened(2, 'modern'),
    ],
    when: { type: 'connection-lost', generation: 2, detail: 'exit' },
    state: (s) => expect(s.reconnects).toBe(2),
    effects: [
      { type: 'close-connection', generation: 2 },
      { type: 'cancel-timer' },
      { type: 'cancel-timer' },
      { type: 'cancel-timer' },
      { type: 'phase', phase: 'stale' },
      { type: 'set-timer', timer: 'reconnect', delay: { kind: 'backoff', attempt: 1 } },
    ],
  },
];

describe('discovery state machine: failures, sessions, streams, restarts', () => {
  checkRows(ROWS);
});
