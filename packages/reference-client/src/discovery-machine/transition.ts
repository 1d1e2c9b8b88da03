import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import { LIST_PROTOCOL, type ListKind } from './list-kind.js';
import { MachineDraft } from './machine-draft.js';
import type { DiscoveryEffect } from './machine-effect.js';
import type { DiscoveryEvent } from './machine-event.js';
import type { MachinePolicy } from './machine-policy.js';
import type { MachineState } from './machine-state.js';
import { onTimer } from './timer-transitions.js';
import { backOff, connectionReady, listingFailed, requestRefresh, signalList } from './transition-steps.js';

/** The next state and what to do about it. */
export interface Transition {
  state: MachineState;
  effects: DiscoveryEffect[];
}

type EventOf<T extends DiscoveryEvent['type']> = Extract<DiscoveryEvent, { type: T }>;

/**
 * The discovery state machine of one server: maps a state and an event to the next state and the
 * effects to run. Pure (no I/O, no clock, no randomness: time comes in `event.atMs`, jitter is the
 * interpreter's), so every transition can be tested as a row of a table. A closed machine ignores
 * every event.
 *
 * Per list: `unknown → loading → ready → stale → refreshing`, and the failure states
 * `authRequired | incompatible | failed` (see `DiscoveryState`). A change signal during an
 * enumeration queues one re-list (at most one in flight plus one pending) and discards the
 * enumeration when it ends, so a mixed listing is never installed; signal-driven re-lists spend
 * tokens of a bucket, bounding their rate whatever the server sends.
 * @see ../shared/spec/mcp-discovery-spec.md §4 (change notifications), §5.2 (sessions), §7 (freshness)
 */
export function transition(state: MachineState, event: DiscoveryEvent, policy: MachinePolicy): Transition {
  if (state.closed) return { state, effects: [] };
  const draft = new MachineDraft(state, policy, event.atMs);
  HANDLERS[event.type](draft, event as never);
  return { state: draft.state, effects: draft.effects };
}

const HANDLERS: { [T in DiscoveryEvent['type']]: (draft: MachineDraft, event: EventOf<T>) => void } = {
  refresh(draft, { list: kind, reason }) {
    requestRefresh(draft, kind, reason);
  },

  signal(draft, { lists, reason }) {
    draft.countSignal();
    for (const kind of lists) signalList(draft, kind, reason);
  },

  opened(draft, event) {
    const connection = draft.state.connection;
    if (connection.step !== 'opening' || connection.generation !== event.generation) {
      draft.emit({ type: 'close-connection', generation: event.generation });
      return;
    }
    const kinds = draft.kinds();
    const listen: ListKind[] = [];
    for (const kind of kinds) {
      const capability = event.capabilities[kind];
      if (!capability.supported) {
        draft.update(kind, {
          unsupported: true,
          signal: 'none',
          signalNote: `the server does not advertise the ${kind} capability`,
        });
      } else if (!capability.listChanged) {
        draft.update(kind, {
          unsupported: false,
          signal: 'polling',
          signalNote: `the server does not advertise ${kind}.listChanged`,
        });
      } else if (event.era === 'legacy') {
        draft.update(kind, { unsupported: false, signal: 'list-changed', signalNote: undefined });
      } else {
        draft.update(kind, { unsupported: false });
        listen.push(kind);
      }
    }
    const ready = {
      generation: event.generation,
      openedAtMs: draft.nowMs,
      era: event.era,
      protocolRevision: event.protocolRevision,
      capabilities: event.capabilities,
    };
    if (kinds.every((kind) => draft.list(kind)!.unsupported)) {
      // Nothing to discover here: no connection is held for it.
      draft.set({ connection: { step: 'open', ...ready } });
      connectionReady(draft);
      draft.dropConnection();
      return;
    }
    const { stream } = draft.state;
    if (listen.length > 0) {
      draft.set({
        connection: { step: 'subscribing', ...ready },
        stream: { ...stream, step: 'subscribing', kind: 'listen', lists: listen, openedAtMs: undefined },
      });
      draft.emit({ type: 'subscribe', generation: event.generation, lists: listen });
      return;
    }
    const legacyStream =
      event.era === 'legacy' && kinds.some((kind) => draft.list(kind)!.signal === 'list-changed');
    draft.set({
      connection: { step: 'open', ...ready },
      stream: legacyStream
        ? { ...stream, step: 'listening', kind: 'legacy-get', lists: [], openedAtMs: draft.nowMs }
        : { ...stream, step: 'none', kind: undefined, lists: [], openedAtMs: undefined },
    });
    connectionReady(draft);
  },

  'open-failed'(draft, { generation, failure }) {
    const connection = draft.state.connection;
    if (connection.step !== 'opening' || connection.generation !== generation) return;
    draft.set({ connection: { step: 'none', generation } });
    for (const kind of draft.kinds()) {
      if (draft.list(kind)!.listing?.step === 'awaiting-connection')
        listingFailed(draft, kind, failure, generation);
    }
  },

  subscribed(draft, { generation, honored }) {
    const { connection, stream } = draft.state;
    if (connection.generation !== generation || connection.step === 'none' || connection.step === 'opening') {
      return;
    }
    const listening: ListKind[] = [];
    for (const kind of stream.lists) {
      if (honored[kind] === true) {
        listening.push(kind);
        draft.update(kind, { signal: 'listen', signalNote: undefined });
      } else {
        draft.update(kind, {
          signal: 'polling',
          signalNote: `the listen acknowledgement did not include ${LIST_PROTOCOL[kind].listenKey}`,
        });
      }
    }
    if (listening.length === 0) {
      draft.emit({ type: 'unsubscribe', generation });
      draft.set({ stream: { ...stream, step: 'none', kind: undefined, lists: [], openedAtMs: undefined } });
    } else {
      draft.set({ stream: { ...stream, step: 'listening', lists: listening, openedAtMs: draft.nowMs } });
    }
    if (connection.step === 'subscribing') {
      draft.set({ connection: { ...connection, step: 'open' } });
      connectionReady(draft);
    } else if (listening.length > 0) {
      // Listening again after a gap: notifications may have been missed meanwhile (§11.4).
      draft.countSignal();
      for (const kind of listening) signalList(draft, kind, 'resubscribed');
    }
  },

  'subscribe-failed'(draft, { generation, failure }) {
    const { connection, stream } = draft.state;
    if (connection.generation !== generation || connection.step === 'none' || connection.step === 'opening') {
      return;
    }
    for (const kind of stream.lists) {
      draft.update(kind, {
        signal: 'polling',
        signalNote: `subscriptions/listen failed: ${failure.kind} (${failure.reason})`,
      });
    }
    backOff(draft);
    if (connection.step === 'subscribing') {
      draft.set({ connection: { ...connection, step: 'open' } });
      connectionReady(draft);
    }
  },

  'stream-ended'(draft, { generation, cause }) {
    const { connection, stream } = draft.state;
    // A legacy GET stream that fails to reopen ends again while `subscribing`.
    const live =
      stream.step === 'listening' || (stream.kind === 'legacy-get' && stream.step === 'subscribing');
    if (connection.generation !== generation || connection.step === 'none' || !live) return;
    const lived = draft.nowMs - (stream.openedAtMs ?? draft.nowMs);
    if (cause === 'remote-close' && lived >= draft.policy.stableStreamMs) {
      draft.set({ stream: { ...stream, attempts: 0 } });
    }
    if (cause === 'size-limit') {
      draft.warn(
        'oversize-stream',
        `the change stream exceeded its byte limit and was cut; reconnecting with backoff`,
      );
    }
    for (const kind of stream.lists) {
      draft.update(kind, {
        signal: 'polling',
        signalNote: `the listen stream ended (${cause}); listening again`,
      });
    }
    backOff(draft);
  },

  'stream-reopened'(draft, { generation }) {
    const { connection, stream } = draft.state;
    if (connection.generation !== generation || connection.step === 'none') return;
    draft.set({ stream: { ...stream, step: 'listening', kind: 'legacy-get', openedAtMs: draft.nowMs } });
    draft.countSignal();
    for (const kind of draft.kinds()) {
      if (draft.list(kind)!.signal === 'list-changed') signalList(draft, kind, 'stream-reopened');
    }
  },

  listed(draft, { list: kind, listingId, source, expired, warnings }) {
    const list = draft.list(kind);
    const listing = list?.listing;
    if (!list || listing?.step !== 'enumerating' || listing.id !== listingId) return;
    if (list.queued && source === 'server') {
      // A change landed mid-enumeration: the pages may mix two catalogs. Discard and list again.
      const relists = list.run.relists + 1;
      if (relists > draft.policy.maxRelists) {
        draft.update(kind, { queued: undefined, listing: undefined });
        draft.fail(kind, {
          kind: 'server-bug',
          reason: 'catalog-unstable',
          message: `the catalog changed during ${relists} consecutive enumerations`,
          atMs: draft.nowMs,
        });
        draft.settle(kind);
        return;
      }
      draft.update(kind, { run: { ...list.run, relists } });
      draft.settle(kind);
      return;
    }
    draft.emit({ type: 'install', list: kind, listingId, reason: listing.reason });
    draft.update(kind, {
      verified: true,
      restored: false,
      failure: undefined,
      failedAttempts: 0,
      appliedChangeSeq: listing.covers,
      relistWhenIdle: source === 'cache' && expired,
    });
    draft.phase(kind, 'ready');
    if (warnings.includes('repeated-cursor-ended')) {
      draft.warn(
        'non-advancing-cursor',
        `${LIST_PROTOCOL[kind].method} returned the cursor it was given with nothing new; the listing ended there`,
        kind,
      );
    }
    draft.settle(kind);
  },

  'list-failed'(draft, { list: kind, listingId, failure }) {
    const listing = draft.list(kind)?.listing;
    if (listing?.step !== 'enumerating' || listing.id !== listingId) return;
    if (failure.reason !== 'session-lost' && listing.generation !== draft.state.connection.generation) {
      // The connection was replaced mid-listing (new credentials, a new session): list on the new one.
      draft.begin(kind, listing.reason);
      return;
    }
    listingFailed(draft, kind, failure, listing.generation);
  },

  'connection-lost'(draft, { generation, detail }) {
    const { connection } = draft.state;
    if (connection.generation !== generation || connection.step === 'none' || connection.step === 'opening') {
      return;
    }
    // A process that ran a while and then died is respawned at once; one that keeps dying, ever
    // more slowly (the backoff cap bounds the delay).
    const stable = draft.nowMs - connection.openedAtMs >= draft.policy.stableStreamMs;
    const reconnects = stable ? 0 : draft.state.reconnects;
    draft.dropConnection();
    const failure: DiscoveryFailure = {
      kind: 'network-unreachable',
      reason: 'connection-lost',
      message: detail,
      atMs: draft.nowMs,
    };
    for (const kind of draft.kinds()) {
      const list = draft.list(kind)!;
      if (list.phase === 'unknown' || list.unsupported) continue;
      draft.cancel(`relist:${kind}`);
      draft.cancel(`poll:${kind}`);
      // Changes may have happened while it was gone: the next listing must cover them.
      draft.update(kind, {
        changeSeq: list.changeSeq + 1,
        queued: undefined,
        listing: { step: 'retry-wait', reason: 'reconnect' },
      });
      draft.fail(kind, failure);
    }
    draft.set({ reconnects: reconnects + 1 });
    draft.timer('reconnect', { kind: 'backoff', attempt: reconnects });
  },

  'session-lost'(draft, { generation }) {
    const connection = draft.state.connection;
    if (connection.generation !== generation || connection.step === 'none') return;
    draft.dropConnection();
    draft.countSignal();
    for (const kind of draft.kinds()) {
      const list = draft.list(kind)!;
      if (list.phase === 'unknown') continue;
      draft.update(kind, {
        changeSeq: list.changeSeq + 1,
        run: { ...list.run, sessionRetries: list.run.sessionRetries + 1 },
      });
      // Listings on the lost session are obsolete; the list starts over on a new session.
      if (list.listing?.step === 'enumerating' || list.listing?.step === 'awaiting-connection') {
        draft.update(kind, { listing: undefined });
      }
      if (list.listing?.step === 'retry-wait' || list.listing?.step === 'rate-limited') continue;
      if (list.run.sessionRetries + 1 > draft.policy.maxSessionRetries) {
        draft.fail(kind, {
          kind: 'network-unreachable',
          reason: 'session-lost',
          message: `the server forgot ${list.run.sessionRetries + 1} legacy sessions in a row`,
          atMs: draft.nowMs,
        });
        draft.settle(kind);
        continue;
      }
      draft.start(kind, 'session-lost', true);
    }
  },

  credentials(draft) {
    draft.dropConnection();
    for (const kind of draft.kinds()) {
      const list = draft.list(kind)!;
      if (list.phase === 'unknown') continue;
      // Whatever was in progress ran with the old credentials: obsolete.
      draft.cancel(`relist:${kind}`);
      draft.update(kind, { listing: undefined, queued: undefined });
      draft.start(kind, 'credentials-changed', false);
    }
    draft.cancel('reconnect');
  },

  restored(draft, { list: kind }) {
    const list = draft.list(kind);
    if (list?.phase !== 'unknown') return;
    draft.update(kind, { restored: true });
    draft.phase(kind, 'stale');
  },

  timer(draft, { timer }) {
    onTimer(draft, timer);
  },

  close(draft) {
    for (const kind of draft.kinds()) {
      for (const timer of ['poll', 'relist', 'expired'] as const) draft.cancel(`${timer}:${kind}`);
      draft.update(kind, { listing: undefined, queued: undefined });
    }
    draft.cancel('reconnect');
    draft.dropConnection();
    draft.set({ closed: true });
  },
};
