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

/**
 * Everything that happens to one server's discovery, as the state machine sees it. Every event
 * carries `atMs` (host clock). `generation` names the connection an event is about: events about a
 * connection that was replaced are ignored. `listingId` does the same for one enumeration.
 */
export type DiscoveryEvent = { atMs: number } & (
  | /** The host asks for a listing (`initial`, `manual`, `first-use`, `poll`, `expired-on-use`, …). */
  {
      type: 'refresh';
      list: ListKind;
      reason: string;
    } /** A change signal: a `list_changed`, a reopened stream, a rejected call, a lost session. */
  | { type: 'signal'; lists: readonly ListKind[]; reason: string }
  | {
      type: 'opened';
      generation: number;
      era: Era;
      protocolRevision: string;
      capabilities: Readonly<Record<ListKind, ListCapability>>;
    }
  | {
      type: 'open-failed';
      generation: number;
      failure: DiscoveryFailure;
    } /** The listen acknowledgement arrived; `honored` is per requested list. */
  | { type: 'subscribed'; generation: number; honored: Readonly<Partial<Record<ListKind, boolean>>> }
  | {
      type: 'subscribe-failed';
      generation: number;
      failure: DiscoveryFailure;
    } /** A change stream (modern listen, legacy GET) ended without the host asking. */
  | {
      type: 'stream-ended';
      generation: number;
      cause: StreamEndCause;
      stream: 'listen' | 'legacy-get';
    } /** A legacy GET stream opened again after it ended. */
  | { type: 'stream-reopened'; generation: number } /**
   * A complete enumeration (or a cache entry) was turned into a snapshot. `warnings` are the
   * walker's (`repeated-cursor-ended`, …); `expired`: a cached entry past its TTL.
   */
  | {
      type: 'listed';
      list: ListKind;
      listingId: number;
      source: ListingSource;
      expired: boolean;
      warnings: readonly string[];
    }
  | {
      type: 'list-failed';
      list: ListKind;
      listingId: number;
      failure: DiscoveryFailure;
    } /** The server answered HTTP 404 to the legacy session id outside a listing (a call, a stream). */
  | {
      type: 'session-lost';
      generation: number;
    } /** New credentials: the tool surface may differ, so the connection is rebuilt and every list re-listed. */
  | {
      type: 'credentials';
    } /** A persisted snapshot was shown as last-known (cold start): stale, never executable. */
  | { type: 'restored'; list: ListKind }
  | { type: 'timer'; timer: TimerName }
  | { type: 'close' }
);

/** The timers the machine arms (one of each at a time). */
export type TimerName =
  | `poll:${ListKind}`
  | `relist:${ListKind}`
  | `retry:${ListKind}`
  | `expired:${ListKind}`
  | 'resubscribe';
