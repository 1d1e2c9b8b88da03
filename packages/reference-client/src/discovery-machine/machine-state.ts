import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { ChangeSignal, DiscoveryState } from '../registry/server-state.js';
import type { Era } from '../snapshot/discovered-tool.js';
import type { ListKind } from './list-kind.js';
import type { ListCapability } from './machine-event.js';

/**
 * What one list is doing now:
 * - `awaiting-connection`: a listing is wanted; the connection is being opened;
 * - `enumerating`: listing `id` runs on connection `generation`; it covers the change signals
 *   numbered up to `covers`;
 * - `retry-wait`: a new connection (a new legacy session, a respawned process) is opened when the
 *   server's one `reconnect` timer fires;
 * - `rate-limited`: a change signal wants a re-list, but the re-list budget is spent until timer
 *   `relist:<list>` fires.
 */
export type ListingStep =
  | { step: 'awaiting-connection'; reason: string }
  | { step: 'enumerating'; id: number; generation: number; covers: number; reason: string }
  | { step: 'retry-wait'; reason: string }
  | { step: 'rate-limited'; reason: string };

/** Counters of one refresh run (from a list going busy until it is idle again). */
export interface RunCounters {
  /** Listings discarded because a change landed mid-enumeration. */
  relists: number;
  /** Restarts from page one after the server rejected its own cursor (-32602). */
  cursorRestarts: number;
  /** New legacy sessions tried after HTTP 404 on the session id. */
  sessionRetries: number;
}

/** The discovery state of one list of one server. */
export interface ListState {
  readonly kind: ListKind;
  readonly phase: DiscoveryState;
  /** A verified snapshot is installed (offered and executable). */
  readonly verified: boolean;
  /** The last-known snapshot was restored from a store and not verified in this process. */
  readonly restored: boolean;
  /** The listing in progress, if any; `undefined` means idle. */
  readonly listing: ListingStep | undefined;
  /** The one re-list waiting behind the listing in progress (every later request joins it). */
  readonly queued: QueuedRelist | undefined;
  /** Change signals received, and how many of them the verified snapshot reflects. */
  readonly changeSeq: number;
  readonly appliedChangeSeq: number;
  readonly failure: DiscoveryFailure | undefined;
  /** Failed attempts since the last success (drives the polling backoff). */
  readonly failedAttempts: number;
  readonly run: RunCounters;
  /** The installed snapshot came from the cache past its TTL: re-list as soon as the run ends. */
  readonly relistWhenIdle: boolean;
  /** How the host learns this list changed, and why (`note`). */
  readonly signal: ChangeSignal;
  readonly signalNote: string | undefined;
  /** The connected server lacks this list's capability (no listing, no polling until reconnect). */
  readonly unsupported: boolean;
  /** This list's re-list token bucket (see `MachinePolicy.relistBurst`). */
  readonly budget: RelistBudget;
}

/** A re-list waiting behind the listing in progress; `limited`: every request behind it was a change signal (rate-limited). */
export interface QueuedRelist {
  readonly reason: string;
  readonly limited: boolean;
}

/**
 * The server's connection: `none`; `opening` (negotiating); `subscribing` (the initial change stream
 * is being acknowledged; listings wait for it so no change slips between stream and listing);
 * `open`.
 */
export type ConnectionStep =
  | { step: 'none'; generation: number }
  | { step: 'opening'; generation: number }
  | {
      step: 'subscribing' | 'open';
      generation: number;
      /** When it opened (host clock): a connection that lived `stableStreamMs` resets the reconnect backoff. */
      openedAtMs: number;
      era: Era;
      protocolRevision: string;
      capabilities: Readonly<Record<ListKind, ListCapability>>;
    };

/**
 * The change stream: `none`; `subscribing`; `listening` since `openedAtMs`; `backoff` until timer
 * `resubscribe` fires. `kind`: a modern `subscriptions/listen` for `lists`, or the legacy GET
 * stream. `attempts` counts reconnects since the last stable stream (the backoff exponent); it
 * survives a new connection, so a server that floods every new stream is reconnected ever more slowly.
 */
export interface StreamState {
  readonly step: 'none' | 'subscribing' | 'listening' | 'backoff';
  readonly kind: 'listen' | 'legacy-get' | undefined;
  readonly lists: readonly ListKind[];
  readonly attempts: number;
  readonly openedAtMs: number | undefined;
}

/** Change signals in the current storm window. */
export interface StormState {
  readonly windowStartMs: number;
  readonly count: number;
  /** A storm warning was raised and no quiet window has passed since. */
  readonly warned: boolean;
}

/** A re-list token bucket (see `MachinePolicy.relistBurst`): `tokens` left at `atMs`. */
export interface RelistBudget {
  readonly tokens: number;
  readonly atMs: number;
}

/** The whole discovery state of one server: the value the transition function maps. */
export interface MachineState {
  readonly closed: boolean;
  readonly connection: ConnectionStep;
  readonly stream: StreamState;
  readonly lists: Readonly<Partial<Record<ListKind, ListState>>>;
  readonly storm: StormState;
  /** Connections lost (a process that exited, a peer that closed) since the last one that lived `stableStreamMs`: the respawn backoff exponent. */
  readonly reconnects: number;
  /** The id the next listing gets. */
  readonly nextListingId: number;
}

/** A list never loaded. */
export function initialListState(kind: ListKind, atMs: number, relistBurst: number): ListState {
  return {
    kind,
    phase: 'unknown',
    verified: false,
    restored: false,
    listing: undefined,
    queued: undefined,
    changeSeq: 0,
    appliedChangeSeq: 0,
    failure: undefined,
    failedAttempts: 0,
    run: { relists: 0, cursorRestarts: 0, sessionRetries: 0 },
    relistWhenIdle: false,
    signal: 'none',
    signalNote: undefined,
    unsupported: false,
    budget: { tokens: relistBurst, atMs },
  };
}

/**
 * The state of a server just added: every list `unknown`, no connection, a full re-list budget.
 * @param lists the lists this host discovers on the server (tools always first).
 */
export function initialMachineState(
  lists: readonly ListKind[],
  atMs: number,
  relistBurst: number,
): MachineState {
  const states: Partial<Record<ListKind, ListState>> = {};
  for (const kind of lists) states[kind] = initialListState(kind, atMs, relistBurst);
  return {
    closed: false,
    connection: { step: 'none', generation: 0 },
    stream: { step: 'none', kind: undefined, lists: [], attempts: 0, openedAtMs: undefined },
    lists: states,
    storm: { windowStartMs: atMs, count: 0, warned: false },
    reconnects: 0,
    nextListingId: 1,
  };
}
