import { describe, expect } from 'vitest';
import {
  caps,
  checkRows,
  failure,
  listed,
  opened,
  policy,
  READY_MODERN,
  type Row,
  refresh,
  subscribed,
  tools,
} from '../../test/support/machine-table.js';

const ROWS: Row[] = [
  {
    name: 'unknown + refresh → loading, opening connection 1',
    given: [],
    when: refresh(),
    state: (s) => {
      expect(tools(s)).toMatchObject({ phase: 'loading', listing: { step: 'awaiting-connection' } });
      expect(s.connection).toEqual({ step: 'opening', generation: 1 });
    },
    effects: [
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'phase', phase: 'loading' },
      { type: 'open', generation: 1 },
    ],
  },
  {
    name: 'opening + opened (legacy, listChanged) → enumerating on list_changed',
    given: [refresh()],
    when: opened(1, 'legacy'),
    state: (s) => {
      expect(tools(s)).toMatchObject({
        signal: 'list-changed',
        listing: { step: 'enumerating', id: 1, covers: 0 },
      });
      expect(s.stream).toMatchObject({ step: 'listening', kind: 'legacy-get' });
    },
    effects: [{ type: 'list', listingId: 1, generation: 1 }],
  },
  {
    name: 'opening + opened (modern, listChanged) → subscribing before any listing',
    given: [refresh()],
    when: opened(1, 'modern'),
    state: (s) => {
      expect(s.connection.step).toBe('subscribing');
      expect(tools(s).listing).toEqual({ step: 'awaiting-connection', reason: 'initial' });
    },
    effects: [{ type: 'subscribe', generation: 1, lists: ['tools'] }],
  },
  {
    name: 'opening + opened (no listChanged) → polling, says why, lists at once',
    given: [refresh()],
    when: opened(1, 'modern', caps({ listChanged: false })),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        signal: 'polling',
        signalNote: 'the server does not advertise tools.listChanged',
        listing: { step: 'enumerating' },
      }),
    effects: [{ type: 'list', listingId: 1 }],
  },
  {
    name: 'opening + opened without the tools capability → incompatible, connection dropped',
    given: [refresh()],
    when: opened(1, 'legacy', caps(null)),
    state: (s) => {
      expect(tools(s)).toMatchObject({
        phase: 'incompatible',
        failure: { kind: 'unsupported-operation', reason: 'no-tools-capability' },
        listing: undefined,
      });
      expect(s.connection.step).toBe('none');
    },
    effects: [
      { type: 'phase', phase: 'incompatible' },
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer', timer: 'resubscribe' },
    ],
  },
  {
    name: 'subscribing + subscribed (honoured) → listen, enumerating',
    given: [refresh(), opened(1, 'modern')],
    when: subscribed(1, true),
    state: (s) => {
      expect(tools(s)).toMatchObject({ signal: 'listen', listing: { step: 'enumerating', id: 1 } });
      expect(s.stream).toMatchObject({ step: 'listening', kind: 'listen', lists: ['tools'] });
    },
    effects: [{ type: 'list', listingId: 1 }],
  },
  {
    name: 'subscribing + ack without toolsListChanged → polling, stream closed, says why',
    given: [refresh(), opened(1, 'modern')],
    when: subscribed(1, false),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        signal: 'polling',
        signalNote: 'the listen acknowledgement did not include toolsListChanged',
      }),
    effects: [{ type: 'unsubscribe', generation: 1 }, { type: 'list' }],
  },
  {
    name: 'subscribing + subscribe-failed → polling, resubscribe backoff 0, lists anyway',
    given: [refresh(), opened(1, 'modern')],
    when: { type: 'subscribe-failed', generation: 1, failure: failure('timeout', 'request-timeout') },
    state: (s) => expect(s.stream).toMatchObject({ step: 'backoff', attempts: 1 }),
    effects: [
      { type: 'set-timer', timer: 'resubscribe', delay: { kind: 'backoff', attempt: 0 } },
      { type: 'list' },
    ],
  },
  {
    name: 'enumerating + listed → install, ready, backstop poll',
    given: [refresh(), opened(1, 'legacy')],
    when: listed(1),
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'ready', verified: true, listing: undefined }),
    effects: [
      { type: 'install', listingId: 1, reason: 'initial' },
      { type: 'phase', phase: 'ready' },
      { type: 'set-timer', timer: 'poll:tools', delay: { kind: 'interval', ms: policy.backstopMs } },
    ],
  },
  {
    name: 'polling list + listed → poll at the polling interval',
    given: [refresh(), opened(1, 'legacy', caps({ listChanged: false }))],
    when: listed(1),
    state: () => {},
    effects: [
      { type: 'install' },
      { type: 'phase' },
      { type: 'set-timer', timer: 'poll:tools', delay: { kind: 'interval', ms: policy.pollIntervalMs } },
    ],
  },
  {
    name: 'close → closed: timers cancelled, connection closed',
    given: READY_MODERN,
    when: { type: 'close' },
    state: (s) => expect(s).toMatchObject({ closed: true, connection: { step: 'none' } }),
    effects: [
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'cancel-timer', timer: 'relist:tools' },
      { type: 'cancel-timer', timer: 'expired:tools' },
      { type: 'cancel-timer', timer: 'reconnect' },
      { type: 'close-connection', generation: 1 },
      { type: 'cancel-timer', timer: 'resubscribe' },
    ],
  },
  {
    name: 'closed → every event is ignored',
    given: [...READY_MODERN, { type: 'close' }],
    when: refresh('manual'),
    state: (s) => expect(s.closed).toBe(true),
    effects: [],
  },
];

describe('discovery state machine: connections, first listings, close', () => {
  checkRows(ROWS);
});
