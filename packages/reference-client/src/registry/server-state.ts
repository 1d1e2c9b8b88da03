import type { DiscoveryFailure, FailureKind } from '../errors/discovery-failure.js';
import type { Era } from '../snapshot/discovered-tool.js';

/**
 * Discovery state of one server:
 * `unknown` (added, not yet loaded: lazy) → `loading` (first listing) → `ready` (verified, fresh)
 * → `stale` (verified but expired, or a refresh failed transiently; still exposed) → `refreshing`
 * (re-listing with a verified snapshot in place); and the failure states `authRequired` (401/403),
 * `incompatible` (no common protocol revision, no `tools`), `failed` (anything else). In the three
 * failure states the server contributes no tools; its last-known snapshot is kept apart.
 * A server listing zero tools is `ready` with an empty snapshot, never `failed`.
 */
export type DiscoveryState =
  | 'unknown'
  | 'loading'
  | 'ready'
  | 'stale'
  | 'refreshing'
  | 'authRequired'
  | 'incompatible'
  | 'failed';

/**
 * How the host learns about catalog changes on a server: `listen` (modern `subscriptions/listen`,
 * acknowledged), `list-changed` (legacy notifications), `polling` (no usable signal; the note says
 * why), `none` (not connected).
 */
export type ChangeSignal = 'listen' | 'list-changed' | 'polling' | 'none';

/** A snapshot of one server's discovery status. */
export interface ServerState {
  serverId: string;
  state: DiscoveryState;
  era?: Era;
  protocolRevision?: string;
  /** The classified cause of the last failure (kept while the state is a failure or `stale`). */
  failure?: DiscoveryFailure;
  changeSignal: ChangeSignal;
  /** Why the change signal is what it is (e.g. the listen ack omitted `toolsListChanged`). */
  changeSignalNote?: string;
  /**
   * What the tools listing is doing: `awaiting-connection`, `enumerating`, `retry-wait` (a new
   * session or a respawn after a backoff), `rate-limited` (a change-driven re-list waiting for the
   * re-list budget); absent when idle.
   */
  listing?: 'awaiting-connection' | 'enumerating' | 'retry-wait' | 'rate-limited';
  /** Verified tools exposed now. */
  toolCount: number;
  /** Tools the schema gate excluded from the verified snapshot. */
  excludedCount: number;
  catalogHash?: string;
  /** When the verified snapshot was fetched, epoch ms. */
  verifiedAtMs?: number;
  /** When it expires, epoch ms. */
  expiresAtMs?: number;
  /** Where the server is: its URL, command line or transport name. */
  endpoint?: string;
  /** A stdio server's process: its pid (while running), the newest stderr, how it last exited. */
  process?: { pid: number | null; stderrTail: string; exit?: string };
  /** Why `era: 'auto'` fell back to `initialize` on a fresh connection (`probe-timeout`, `http-503`, `probe-closed`, …). */
  negotiationFallback?: string;
  /** The prompts and resources lists, each with the same state machine as the tools (`state` above). */
  lists?: { prompts?: ListStatus; resources?: ListStatus };
}

/**
 * The discovery state of a server's prompts or resources list. A server without the capability is
 * `incompatible` (`failure.reason`: `no-prompts-capability`, `no-resources-capability`).
 */
export interface ListStatus {
  state: DiscoveryState;
  failure?: DiscoveryFailure;
  changeSignal: ChangeSignal;
  /** Verified entries offered now. */
  count: number;
  excludedCount: number;
  listHash?: string;
  verifiedAtMs?: number;
  expiresAtMs?: number;
}

/**
 * The state a classified failure leads to. Transient kinds keep a verified snapshot as `stale`;
 * without one they are `failed`.
 */
export function stateForFailure(kind: FailureKind, hasVerified: boolean): DiscoveryState {
  switch (kind) {
    case 'auth-expired':
    case 'permission-denied':
      return 'authRequired';
    case 'protocol-mismatch':
    case 'unsupported-operation':
      return 'incompatible';
    case 'network-unreachable':
    case 'timeout':
    case 'rate-limit':
      return hasVerified ? 'stale' : 'failed';
    default:
      return 'failed';
  }
}
