import { describe, expect, it } from 'vitest';
import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { ListKind } from './list-kind.js';
import type { DiscoveryEffect } from './machine-effect.js';
import type { DiscoveryEvent, ListCapability } from './machine-event.js';
import { DEFAULT_MACHINE_POLICY, type MachinePolicy } from './machine-policy.js';
import { initialMachineState, type MachineState } from './machine-state.js';
import { transition } from './transition.js';

const policy: MachinePolicy = { ...DEFAULT_MACHINE_POLICY, maxRelists: 2, relistBurst: 2, stormThreshold: 3 };

type Body = DiscoveryEvent extends infer E ? (E extends unknown ? Omit<E, 'atMs'> : never) : never;
type Step = Body | { at: number; event: Body };

const caps = (tools: Partial<ListCapability> | null = { listChanged: true }) => ({
  tools: tools ? { supported: true, listChanged: false, ...tools } : { supported: false, listChanged: false },
  prompts: { supported: false, listChanged: false },
  resources: { supported: false, listChanged: false },
});
const failure = (kind: DiscoveryFailure['kind'], reason: string): DiscoveryFailure => ({
  kind,
  reason,
  message: reason,
  atMs: 0,
});

// Building blocks of the rows: named events.
const refresh = (reason = 'initial'): Body => ({ type: 'refresh', list: 'tools', reason });
const signal = (reason = 'list-changed'): Body => ({ type: 'signal', lists: ['tools'], reason });
const opened = (generation: number, era: 'legacy' | 'modern', tools = caps()): Body => ({
  type: 'opened',
  generation,
  era,
  protocolRevision: era === 'legacy' ? '2025-11-25' : '2026-07-28',
  capabilities: tools,
});
const subscribed = (generation: number, tools: boolean): Body => ({
  type: 'subscribed',
  generation,
  honored: { tools },
});
const listed = (listingId: number, warnings: string[] = []): Body => ({
  type: 'listed',
  list: 'tools',
  listingId,
  source: 'server',
  expired: false,
  warnings,
});
const listFailed = (listingId: number, what: DiscoveryFailure): Body => ({
  type: 'list-failed',
  list: 'tools',
  listingId,
  failure: what,
});
const streamEnded = (generation: number, cause: 'remote-close' | 'size-limit' | 'protocol-error'): Body => ({
  type: 'stream-ended',
  generation,
  cause,
  stream: 'listen',
});

/** A legacy server connected (generation 1) with its first listing (id 1) installed. */
const READY_LEGACY: Step[] = [refresh(), opened(1, 'legacy'), listed(1)];
/** A modern server listening (generation 1), first listing (id 1) installed. */
const READY_MODERN: Step[] = [refresh(), opened(1, 'modern'), subscribed(1, true), listed(1)];

function play(
  steps: readonly Step[],
  from?: MachineState,
): { state: MachineState; effects: DiscoveryEffect[] } {
  let state = from ?? initialMachineState(['tools'] as ListKind[], 0, policy.relistBurst);
  let effects: DiscoveryEffect[] = [];
  for (const step of steps) {
    const { at, event } = 'event' in step ? step : { at: 0, event: step };
    ({ state, effects } = transition(state, { ...event, atMs: at } as DiscoveryEvent, policy));
  }
  return { state, effects };
}

/** One row: from the state `given` leads to, `when` happens; `then` the state and the effects. */
interface Row {
  name: string;
  given: Step[];
  when: Step;
  state: (state: MachineState) => void;
  effects: Array<Partial<DiscoveryEffect> & { type: DiscoveryEffect['type'] }>;
}

const tools = (state: MachineState) => state.lists.tools!;

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
    name: 'enumerating + signal → one re-list queued (coalesced), counted',
    given: [refresh(), opened(1, 'legacy')],
    when: signal(),
    state: (s) => expect(tools(s)).toMatchObject({ queued: { reason: 'list-changed' }, changeSeq: 1 }),
    effects: [],
  },
  {
    name: 'queued + listed → discarded (never installed), listed again covering the signal',
    given: [refresh(), opened(1, 'legacy'), signal(), signal()],
    when: listed(1),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        verified: false,
        listing: { step: 'enumerating', id: 2, covers: 2 },
        run: { relists: 1 },
        queued: undefined,
      }),
    effects: [{ type: 'cancel-timer' }, { type: 'list', listingId: 2 }],
  },
  {
    name: 'discarded more than maxRelists times → failed catalog-unstable (nothing verified)',
    given: [refresh(), opened(1, 'legacy'), signal(), listed(1), signal(), listed(2), signal()],
    when: listed(3),
    state: (s) =>
      expect(tools(s)).toMatchObject({
        phase: 'failed',
        failure: { reason: 'catalog-unstable' },
        listing: undefined,
      }),
    effects: [
      { type: 'phase', phase: 'failed' },
      { type: 'set-timer', delay: { kind: 'backoff', attempt: 0 } },
    ],
  },
  {
    name: 'discarded too often with a verified snapshot → stale (kept), not withdrawn',
    given: [
      ...READY_LEGACY,
      signal(),
      signal('call-error'),
      listed(2),
      signal(),
      listed(3),
      { at: 1_000, event: signal() },
      { at: 1_000, event: { type: 'timer', timer: 'relist:tools' } },
      { at: 1_000, event: signal() },
    ],
    when: { at: 1_000, event: listed(4) },
    state: (s) => expect(tools(s)).toMatchObject({ phase: 'stale', verified: true }),
    effects: [{ type: 'phase', phase: 'stale' }, { type: 'set-timer' }],
  },
  {
    name: 'ready + signal with a spent re-list budget → rate-limited until a token is back',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3)],
    when: signal(),
    state: (s) => expect(tools(s).listing).toEqual({ step: 'rate-limited', reason: 'list-changed' }),
    effects: [
      { type: 'cancel-timer', timer: 'poll:tools' },
      { type: 'set-timer', timer: 'relist:tools', delay: { kind: 'exact', ms: policy.relistRefillMs } },
    ],
  },
  {
    name: 'rate-limited + relist timer (a token back) → enumerating',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3), signal()],
    when: { at: policy.relistRefillMs, event: { type: 'timer', timer: 'relist:tools' } },
    state: (s) => expect(tools(s).listing).toMatchObject({ step: 'enumerating', id: 4 }),
    effects: [
      { type: 'cancel-timer' },
      { type: 'phase', phase: 'refreshing' },
      { type: 'list', listingId: 4 },
    ],
  },
  {
    name: 'rate-limited + manual refresh → enumerating at once (the host asked)',
    given: [...READY_LEGACY, signal(), listed(2), signal(), listed(3), signal()],
    when: refresh('manual'),
    state: (s) => expect(tools(s).listing).toMatchObject({ step: 'enumerating', reason: 'manual' }),
    effects: [
      { type: 'cancel-timer', timer: 'relist:tools' },
      { type: 'cancel-timer' },
      { type: 'phase' },
      { type: 'list' },
    ],
  },
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
    name: 'storm: the signal past the threshold within the window warns once',
    given: [...READY_LEGACY, signal(), signal(), signal()],
    when: signal(),
    state: (s) => expect(s.storm).toMatchObject({ count: 4, warned: true }),
    effects: [{ type: 'warn', warning: 'notification-storm' }],
  },
  {
    name: 'storm: more signals in the same storm do not warn again',
    given: [...READY_LEGACY, signal(), signal(), signal(), signal()],
    when: { at: policy.stormWindowMs, event: signal() },
    state: (s) => expect(s.storm.warned).toBe(true),
    effects: [],
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

describe('discovery state machine transitions', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const before = play(row.given).state;
    const frozen = JSON.stringify(before);
    const { state, effects } = play([row.when], before);
    row.state(state);
    expect(effects).toEqual(row.effects.map((effect) => expect.objectContaining(effect)));
    expect(JSON.stringify(before)).toBe(frozen); // pure: the old state is untouched
  });

  it('costs O(1) listings for a storm: 50,000 signals in 5 s start at most burst + 5 s / refill listings', () => {
    let state = play(READY_LEGACY).state;
    let listings = 0;
    let warnings = 0;
    let nextTimer = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 50_000; i++) {
      const atMs = Math.floor((i * 5_000) / 50_000);
      const events: DiscoveryEvent[] = [{ type: 'signal', lists: ['tools'], reason: 'list-changed', atMs }];
      if (atMs >= nextTimer) events.unshift({ type: 'timer', timer: 'relist:tools', atMs });
      // Each listing completes one tick after it starts.
      const listing = state.lists.tools!.listing;
      if (listing?.step === 'enumerating')
        events.unshift({ ...(listed(listing.id) as DiscoveryEvent), atMs });
      for (const event of events) {
        if (event.type === 'timer') nextTimer = Number.POSITIVE_INFINITY;
        const result = transition(state, event, policy);
        state = result.state;
        for (const effect of result.effects) {
          if (effect.type === 'list') listings++;
          if (effect.type === 'warn' && effect.warning === 'notification-storm') warnings++;
          if (effect.type === 'set-timer' && effect.timer === 'relist:tools') {
            nextTimer = atMs + (effect.delay as { ms: number }).ms;
          }
        }
      }
    }
    expect(listings).toBeLessThanOrEqual(policy.relistBurst + 5_000 / policy.relistRefillMs + 1);
    expect(warnings).toBe(1);
  });
});
