import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { Era } from '../snapshot/discovered-tool.js';
import type { ListKind } from './list-kind.js';

/** Why a change stream ended (never `local`: the host's own close is not an event). */
export type StreamEndCause = 'remote-close' | 'size-limit' | 'protocol-error';

/** What the server advertised for one list at connect. */
export interface ListCapability {
  /** The server has the capability (`tools`, `prompts`, `resources`). */
  supported: boolean;
  /** It advertised `listChanged: true`. */
  listChanged: boolean;
}

/** Where a listing came from. */
export type ListingSource = 'server' | 'cache';

/** The host asks for a listing (`initial`, `manual`, `first-use`, `poll`, `expired-on-use`, …). */
export interface RefreshEvent {
  type: 'refresh';
  list: ListKind;
  reason: string;
}

/** A change signal: a `list_changed`, a reopened stream, a rejected call, a lost stream. */
export interface SignalEvent {
  type: 'signal';
  lists: readonly ListKind[];
  reason: string;
}

/** Connection `generation` is negotiated: its era, revision and per-list capabilities. */
export interface OpenedEvent {
  type: 'opened';
  generation: number;
  era: Era;
  protocolRevision: string;
  capabilities: Readonly<Record<ListKind, ListCapability>>;
}

/** Connection `generation` could not be opened. */
export interface OpenFailedEvent {
  type: 'open-failed';
  generation: number;
  failure: DiscoveryFailure;
}

/** The listen acknowledgement arrived; `honored` is per requested list. */
export interface SubscribedEvent {
  type: 'subscribed';
  generation: number;
  honored: Readonly<Partial<Record<ListKind, boolean>>>;
}

/** `subscriptions/listen` failed or was never acknowledged. */
export interface SubscribeFailedEvent {
  type: 'subscribe-failed';
  generation: number;
  failure: DiscoveryFailure;
}

/** A change stream (modern listen, legacy GET) ended without the host asking. */
export interface StreamEndedEvent {
  type: 'stream-ended';
  generation: number;
  cause: StreamEndCause;
  stream: 'listen' | 'legacy-get';
}

/** A legacy GET stream opened again after it ended. */
export interface StreamReopenedEvent {
  type: 'stream-reopened';
  generation: number;
}

/**
 * A complete enumeration (or a cache entry) is ready to install. `warnings` are the walker's
 * (`repeated-cursor-ended`, …); `expired`: a cached entry past its TTL.
 */
export interface ListedEvent {
  type: 'listed';
  list: ListKind;
  listingId: number;
  source: ListingSource;
  expired: boolean;
  warnings: readonly string[];
}

/** Listing `listingId` failed, classified. */
export interface ListFailedEvent {
  type: 'list-failed';
  list: ListKind;
  listingId: number;
  failure: DiscoveryFailure;
}

/**
 * The connection ended without the host closing it: a stdio process exited or crashed, an
 * in-memory peer closed. `detail` says how (exit code, signal, stderr tail).
 */
export interface ConnectionLostEvent {
  type: 'connection-lost';
  generation: number;
  detail: string;
}

/** The server answered HTTP 404 to the legacy session id outside a listing (a call, a stream). */
export interface SessionLostEvent {
  type: 'session-lost';
  generation: number;
}

/** New credentials: the tool surface may differ, so the connection is rebuilt and every list re-listed. */
export interface CredentialsEvent {
  type: 'credentials';
}

/** A persisted snapshot was shown as last-known (cold start): stale, never executable. */
export interface RestoredEvent {
  type: 'restored';
  list: ListKind;
}

/** A timer the machine armed fired. */
export interface TimerEvent {
  type: 'timer';
  timer: TimerName;
}

/** The host closes the server. */
export interface CloseEvent {
  type: 'close';
}

/**
 * Everything that happens to one server's discovery, as the state machine sees it. Every event
 * carries `atMs` (host clock). `generation` names the connection an event is about: events about a
 * connection that was replaced are ignored. `listingId` does the same for one enumeration.
 */
export type DiscoveryEvent = { atMs: number } & (
  | RefreshEvent
  | SignalEvent
  | OpenedEvent
  | OpenFailedEvent
  | SubscribedEvent
  | SubscribeFailedEvent
  | StreamEndedEvent
  | StreamReopenedEvent
  | ListedEvent
  | ListFailedEvent
  | ConnectionLostEvent
  | SessionLostEvent
  | CredentialsEvent
  | RestoredEvent
  | TimerEvent
  | CloseEvent
);

/** The timers the machine arms (one of each at a time). */
export type TimerName =
  | `poll:${ListKind}`
  | `relist:${ListKind}`
  | `expired:${ListKind}`
  | 'resubscribe'
  | 'reconnect';
