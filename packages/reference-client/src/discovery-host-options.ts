import type { Implementation } from '@modelcontextprotocol/client';
import type { AuditTrail } from './audit/audit-trail.js';
import type { FetchBounds } from './connection/bounded-fetch.js';
import type { ListingLimits } from './connection/page-walker.js';
import type { StdioBounds } from './connection/stdio-process-transport.js';
import type { BackoffPolicy } from './freshness/backoff.js';
import type { DiscoveryCache } from './freshness/discovery-cache.js';
import type { FreshnessPolicy } from './freshness/freshness-policy.js';
import type { HostClock } from './freshness/host-clock.js';
import type { Approver } from './permissions/approver.js';
import type { PermissionPolicy, PermissionPolicyOptions } from './permissions/permission-policy.js';
import type { ProviderAdapter } from './providers/provider-adapter.js';
import type { PollingPolicy } from './registry/host-context.js';
import type { SchemaLimits } from './schema-gate/schema-limits.js';
import type { SnapshotStore } from './snapshot-store/snapshot-store.js';

/** Options for {@link DiscoveryHost}. Every field but `clientInfo` has a default. */
export interface DiscoveryHostOptions {
  /** The client's identity sent to servers. */
  clientInfo: Implementation;
  /** Per-request timeout, ms (default 30,000). */
  requestTimeoutMs?: number;
  /** Budget for one complete enumeration (all pages), ms (default 120,000). */
  listingDeadlineMs?: number;
  /** Re-lists allowed in one refresh while changes keep landing mid-enumeration (default 10). */
  maxRelists?: number;
  /**
   * New legacy sessions tried in one refresh after the server answered HTTP 404 to the session id
   * (default 3: the first at once, the others after the polling backoff). Past it the server is
   * `failed` (`session-lost`) and the polling backstop tries again later.
   */
  maxSessionRetries?: number;
  /**
   * Longest wait, ms, for the re-list a change signal started before a model request is built
   * (`expose`) or a proposal is checked (`callTool`) (default 10,000). Past it the verified snapshot
   * is used, and the exposure names the server in `staleServers`.
   */
  changeWaitMs?: number;
  /** Pagination caps (pages, tools, bytes per listing). */
  listingLimits?: Partial<ListingLimits>;
  /** Per-response caps: bytes (ordinary, long-lived stream) and time. */
  fetchBounds?: Partial<FetchBounds>;
  /** Schema gate bounds (depth, nodes, keys, string and description lengths). */
  schemaLimits?: Partial<SchemaLimits>;
  /** TTL cap and the legacy default lifetime. */
  freshness?: Partial<FreshnessPolicy>;
  /** Polling backstop and backoff. */
  polling?: Partial<Omit<PollingPolicy, 'backoff'>> & { backoff?: Partial<BackoffPolicy> };
  /** Time, timers and jitter (default: the system clock). */
  clock?: HostClock;
  /** A discovery cache to share between hosts (default: a private one). */
  cache?: DiscoveryCache;
  /** Where audit records go: `memory` (default, newest 10,000), `disabled`, or your own trail. */
  audit?: AuditTrail | 'memory' | 'disabled';
  /** The permission layer, or options for a new one (default: `ask` for every tool). */
  permissions?: PermissionPolicy | PermissionPolicyOptions;
  /** Asked before a call whose policy is `ask`; without it such calls are refused. */
  approve?: Approver;
  /** Most compiled contracts held, least recently used evicted (default 1,000; ~20 KB each). */
  validatorCacheSize?: number;
  /**
   * When argument/output validators are compiled: `lazy` (default) at a tool's first call, `eager`
   * during every refresh for new contracts (compile errors then exclude the tool at discovery).
   * Either way compiled validators are reused by `contractHash`.
   */
  compileValidators?: 'lazy' | 'eager';
  /** Provider adapters besides the built-in `openai-strict`, `anthropic` and `gemini` (same id replaces). */
  providers?: readonly ProviderAdapter[];
  /** Tools whose text screening raised advisories (instruction-like text, hidden characters): `expose` (default, flagged) or `withhold`. */
  suspiciousDescriptions?: 'expose' | 'withhold';
  /**
   * The rate of re-lists change signals may cause, per server and list: a bucket of `burst` re-lists
   * (default 5), one more every `refillMs` (default 500). A notification storm costs at most
   * `burst + T / refillMs` listings in T ms; signals in between are coalesced.
   */
  relistRate?: { burst?: number; refillMs?: number };
  /** When a `notification-storm` warning is raised: more than `threshold` (default 100) change signals within `windowMs` (default 1,000). */
  storm?: { threshold?: number; windowMs?: number };
  /** A change stream open at least this long before it ended cleanly resets its reconnect backoff, ms (default 60,000). */
  stableStreamMs?: number;
  /**
   * Longest time `close()` (and `removeServer`) waits for a server's goodbye (cancellations, a
   * legacy DELETE), wall ms (default 100); what is left then is aborted, never left running.
   */
  closeBudgetMs?: number;
  /**
   * Longest wait for an answer to the `server/discover` probe (`era: 'auto'`), ms (default 3,000).
   * A probe not answered by then, or answered with an HTTP error or an unusable reply, falls back
   * to `initialize` on a fresh connection, so a legacy server costs at most this much extra.
   */
  probeTimeoutMs?: number;
  /** Bounds of stdio server processes (largest message, stderr kept, SIGKILL grace). */
  stdio?: Partial<StdioBounds>;
  /**
   * Where verified listings persist, keyed by server (id and endpoint), credential profile and
   * protocol revision (default: an `InMemorySnapshotStore` of this host). At `addServer` the
   * last listing stored for the server is shown as last-known (`stale`, never executable) until a
   * listing verifies the server again. A `FileSnapshotStore` survives restarts.
   */
  snapshotStore?: SnapshotStore;
  /**
   * Persist legacy (2025-11-25) HTTP session ids in the store and resume them at the next start;
   * `close()` then leaves such sessions open (no DELETE). A stored id the server rejects (HTTP 404)
   * is replaced once by a new session, in memory and in the store. Default: true when
   * `snapshotStore` is given, false otherwise.
   */
  persistSessions?: boolean;
}
