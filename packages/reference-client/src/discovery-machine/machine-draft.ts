import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import { type DiscoveryState, stateForFailure } from '../registry/server-state.js';
import type { ListKind } from './list-kind.js';
import type { DiscoveryEffect, MachineWarningKind, TimerDelay } from './machine-effect.js';
import type { TimerName } from './machine-event.js';
import type { MachinePolicy } from './machine-policy.js';
import type { ListState, MachineState } from './machine-state.js';

const IDLE_RUN = { relists: 0, cursorRestarts: 0, sessionRetries: 0 } as const;

/**
 * A working copy of a {@link MachineState} for one transition: the handlers in `transition.ts`
 * change it through these steps and collect effects. Nothing outside the transition sees it, so
 * the transition stays a pure function of (state, event, policy).
 */
export class MachineDraft {
  state: MachineState;
  readonly effects: DiscoveryEffect[] = [];

  constructor(
    state: MachineState,
    readonly policy: MachinePolicy,
    readonly nowMs: number,
  ) {
    this.state = state;
  }

  /** The lists this server discovers, tools first. */
  kinds(): ListKind[] {
    return Object.keys(this.state.lists) as ListKind[];
  }

  list(kind: ListKind): ListState | undefined {
    return this.state.lists[kind];
  }

  update(kind: ListKind, patch: Partial<ListState>): ListState {
    const next = { ...this.state.lists[kind]!, ...patch };
    this.state = { ...this.state, lists: { ...this.state.lists, [kind]: next } };
    return next;
  }

  set(patch: Partial<MachineState>): void {
    this.state = { ...this.state, ...patch };
  }

  emit(effect: DiscoveryEffect): void {
    this.effects.push(effect);
  }

  timer(timer: TimerName, delay: TimerDelay): void {
    this.emit({ type: 'set-timer', timer, delay });
  }

  cancel(timer: TimerName): void {
    this.emit({ type: 'cancel-timer', timer });
  }

  warn(warning: MachineWarningKind, detail: string, list?: ListKind): void {
    this.emit({ type: 'warn', warning, detail, ...(list ? { list } : {}) });
  }

  /** Moves a list to `phase`; the audit hears of it only when the phase changes. */
  phase(kind: ListKind, phase: DiscoveryState): void {
    const list = this.list(kind)!;
    if (list.phase === phase) return;
    this.update(kind, { phase });
    this.emit({ type: 'phase', list: kind, phase, ...(list.failure ? { failure: list.failure } : {}) });
  }

  /**
   * A listing is wanted for `kind`. `limited`: it answers a change signal, so it spends a re-list
   * token; without one it waits (`rate-limited`, timer `relist:<kind>`) until a token is back.
   */
  start(kind: ListKind, reason: string, limited: boolean): void {
    this.cancel(`poll:${kind}`);
    if (limited) {
      const waitMs = this.takeToken(kind);
      if (waitMs > 0) {
        this.update(kind, { listing: { step: 'rate-limited', reason } });
        this.timer(`relist:${kind}`, { kind: 'exact', ms: waitMs });
        return;
      }
    }
    this.begin(kind, reason);
  }

  /** Enumerates at once on an open connection, or waits for one (opening it if there is none). */
  begin(kind: ListKind, reason: string): void {
    const list = this.list(kind)!;
    this.phase(kind, list.verified || list.restored ? 'refreshing' : 'loading');
    const connection = this.state.connection;
    if (connection.step === 'open') {
      if (list.unsupported) {
        this.update(kind, { listing: undefined });
        this.fail(kind, noCapability(kind, this.nowMs));
        this.settle(kind);
        return;
      }
      this.enumerate(kind, reason);
      return;
    }
    this.update(kind, { listing: { step: 'awaiting-connection', reason } });
    if (connection.step === 'none') this.open();
  }

  /** Starts listing `kind` from page one on the open connection. */
  enumerate(kind: ListKind, reason: string): void {
    const id = this.state.nextListingId;
    const generation = this.state.connection.generation;
    this.set({ nextListingId: id + 1 });
    const list = this.list(kind)!;
    this.update(kind, { listing: { step: 'enumerating', id, generation, covers: list.changeSeq, reason } });
    this.emit({ type: 'list', list: kind, listingId: id, generation });
  }

  /** Opens a new connection (the next generation). */
  open(): void {
    const generation = this.state.connection.generation + 1;
    this.set({ connection: { step: 'opening', generation } });
    this.emit({ type: 'open', generation });
  }

  /** Closes the current connection, if any; listings on it become obsolete (their ids are dropped by the caller). */
  dropConnection(): void {
    const { connection, stream } = this.state;
    if (connection.step !== 'none')
      this.emit({ type: 'close-connection', generation: connection.generation });
    this.set({
      connection: { step: 'none', generation: connection.generation },
      stream: { ...stream, step: 'none', kind: undefined, lists: [], openedAtMs: undefined },
    });
    this.cancel('resubscribe');
  }

  /**
   * Records a failed listing: the failure's state (`stateForFailure`; a catalog that keeps changing
   * keeps a verified snapshot as `stale`), withdrawing the verified snapshot unless `stale`.
   */
  fail(kind: ListKind, failure: DiscoveryFailure): void {
    const list = this.list(kind)!;
    const next: DiscoveryState =
      failure.reason === 'catalog-unstable' && list.verified
        ? 'stale'
        : stateForFailure(failure.kind, list.verified);
    if (next !== 'stale' && list.verified) this.emit({ type: 'withdraw', list: kind });
    this.update(kind, {
      failure,
      failedAttempts: list.failedAttempts + 1,
      verified: next === 'stale' ? list.verified : false,
    });
    this.phase(kind, next);
    if (failure.reason === 'page-cap') this.warn('page-cap', failure.message, kind);
    if (failure.reason === 'repeated-cursor') this.warn('non-advancing-cursor', failure.message, kind);
  }

  /**
   * The list is idle: runs what was queued behind the listing, else arms the next poll (backoff
   * after a failure, the polling interval without a change signal, the backstop with one) or the
   * re-list of an expired cached snapshot.
   */
  settle(kind: ListKind): void {
    const list = this.list(kind)!;
    if (list.queued) {
      const { reason, limited } = list.queued;
      this.update(kind, { listing: undefined, queued: undefined });
      this.start(kind, reason, limited);
      return;
    }
    this.update(kind, { listing: undefined, run: IDLE_RUN });
    if (list.relistWhenIdle) {
      this.update(kind, { relistWhenIdle: false });
      this.timer(`expired:${kind}`, { kind: 'exact', ms: 0 });
      return;
    }
    if (list.phase === 'incompatible' || list.phase === 'unknown' || list.unsupported) return;
    if (list.failure) {
      this.timer(`poll:${kind}`, { kind: 'backoff', attempt: list.failedAttempts - 1 });
      return;
    }
    const ms = list.signal === 'polling' ? this.policy.pollIntervalMs : this.policy.backstopMs;
    this.timer(`poll:${kind}`, { kind: 'interval', ms });
  }

  /** Takes a re-list token of `kind`'s bucket; returns 0, or how long until one is back, ms. */
  private takeToken(kind: ListKind): number {
    const { relistBurst, relistRefillMs } = this.policy;
    const budget = this.list(kind)!.budget;
    const tokens = Math.min(relistBurst, budget.tokens + (this.nowMs - budget.atMs) / relistRefillMs);
    if (tokens >= 1) {
      this.update(kind, { budget: { tokens: tokens - 1, atMs: this.nowMs } });
      return 0;
    }
    this.update(kind, { budget: { tokens, atMs: this.nowMs } });
    return Math.max(1, Math.ceil((1 - tokens) * relistRefillMs));
  }

  /** Counts a change signal in the storm window; warns once per storm. */
  countSignal(): void {
    const { stormThreshold, stormWindowMs, relistBurst, relistRefillMs } = this.policy;
    let { windowStartMs, count, warned } = this.state.storm;
    const elapsed = this.nowMs - windowStartMs;
    if (elapsed >= stormWindowMs) {
      // A window at or under the threshold (or a silent one in between) ends the storm.
      if (count <= stormThreshold || elapsed >= 2 * stormWindowMs) warned = false;
      windowStartMs = this.nowMs;
      count = 0;
    }
    count++;
    if (count > stormThreshold && !warned) {
      warned = true;
      this.warn(
        'notification-storm',
        `more than ${stormThreshold} change signals within ${stormWindowMs} ms; re-lists are coalesced and limited to ${relistBurst} at once, then one per ${relistRefillMs} ms per list`,
      );
    }
    this.set({ storm: { windowStartMs, count, warned } });
  }
}

/** The failure of a list whose capability the server does not advertise. */
export function noCapability(kind: ListKind, atMs: number): DiscoveryFailure {
  return {
    kind: 'unsupported-operation',
    reason: `no-${kind}-capability`,
    message: `the server does not advertise the ${kind} capability`,
    atMs,
  };
}
