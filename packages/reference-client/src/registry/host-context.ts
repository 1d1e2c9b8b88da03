import type { Implementation } from '@modelcontextprotocol/client';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { FetchBounds } from '../connection/bounded-fetch.js';
import type { ListingLimits } from '../connection/page-walker.js';
import type { StdioBounds } from '../connection/stdio-process-transport.js';
import type { MachinePolicy } from '../discovery-machine/machine-policy.js';
import type { BackoffPolicy } from '../freshness/backoff.js';
import type { DiscoveryCache } from '../freshness/discovery-cache.js';
import type { FreshnessPolicy } from '../freshness/freshness-policy.js';
import type { HostClock } from '../freshness/host-clock.js';
import type { DiscoveredEntry, DiscoveredPrompt, DiscoveredResource } from '../lists/discovered-entry.js';
import type { ListRegistry } from '../lists/list-registry.js';
import type { SchemaGate } from '../schema-gate/schema-gate.js';
import type { ValidatorCache } from '../schema-gate/validator-cache.js';
import type { SnapshotStore } from '../snapshot-store/snapshot-store.js';
import type { DiscoveryWarning } from './discovery-warning.js';
import type { ToolRegistry } from './tool-registry.js';

/** Polling backstop settings. */
export interface PollingPolicy {
  /** Re-list interval when a server offers no usable change signal, ms (default 60,000). */
  intervalMs: number;
  /** Re-list interval when a change signal works (notifications are best effort), ms (default 900,000). */
  backstopMs: number;
  /** Backoff after failed refreshes and failed re-subscriptions. */
  backoff: BackoffPolicy;
}

/** Everything per-server discovery shares with its host: settings and collaborators. */
export interface HostContext {
  clientInfo: Implementation;
  requestTimeoutMs: number;
  /** Wall-time budget for one complete enumeration (all pages), ms. */
  listingDeadlineMs: number;
  listing: ListingLimits;
  fetchBounds: FetchBounds;
  freshness: FreshnessPolicy;
  polling: PollingPolicy;
  clock: HostClock;
  registry: ToolRegistry;
  /** Verified prompts across servers. */
  prompts: ListRegistry<DiscoveredPrompt>;
  /** Verified resources across servers. */
  resources: ListRegistry<DiscoveredResource>;
  gate: SchemaGate;
  validators: ValidatorCache;
  /** `eager` compiles every new contract's validators during the refresh; `lazy` at first use. */
  compileValidators: 'lazy' | 'eager';
  cache: DiscoveryCache;
  audit: AuditTrail;
  /** The state machine's bounds (re-lists, sessions, re-list rate, storms, stream backoff reset, polling). */
  machine: MachinePolicy;
  /** Longest wait for the `server/discover` probe before `initialize` on a fresh transport, ms (default 3,000). */
  probeTimeoutMs: number;
  /** Bounds of stdio server processes. */
  stdio: StdioBounds;
  /** Where verified listings (and legacy sessions) persist across restarts. */
  store: SnapshotStore;
  /** Store legacy HTTP session ids and resume them at the next start (no DELETE on `close()`). */
  persistSessions: boolean;
  /** Longest wait of `close()`, wall ms (default 100). */
  closeBudgetMs: number;
  /** Delivers a warning to the host's listeners (the host adds `atMs`, endpoint and serverInfo). */
  warn(warning: Omit<DiscoveryWarning, 'atMs'>): void;
}

/** The host's registry of verified prompts or resources. */
export function entryRegistry(
  host: HostContext,
  list: 'prompts' | 'resources',
): ListRegistry<DiscoveredEntry> {
  return (list === 'prompts' ? host.prompts : host.resources) as ListRegistry<DiscoveredEntry>;
}
