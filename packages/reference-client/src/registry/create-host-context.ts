import type { AuditTrail } from '../audit/audit-trail.js';
import { DEFAULT_LISTING_LIMITS } from '../connection/page-walker.js';
import { DEFAULT_STDIO_BOUNDS } from '../connection/stdio-process-transport.js';
import type { DiscoveryHostOptions } from '../discovery-host-options.js';
import { DEFAULT_MACHINE_POLICY } from '../discovery-machine/machine-policy.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import { DiscoveryCache } from '../freshness/discovery-cache.js';
import { DEFAULT_FRESHNESS_POLICY } from '../freshness/freshness-policy.js';
import { systemClock } from '../freshness/host-clock.js';
import type { DiscoveredPrompt, DiscoveredResource } from '../lists/discovered-entry.js';
import { ListRegistry } from '../lists/list-registry.js';
import { SchemaGate } from '../schema-gate/schema-gate.js';
import type { ValidatorCache } from '../schema-gate/validator-cache.js';
import { InMemorySnapshotStore } from '../snapshot-store/in-memory-snapshot-store.js';
import type { HostContext } from './host-context.js';
import { ToolRegistry } from './tool-registry.js';

/**
 * The settings and collaborators every server's discovery shares, from the host's options with
 * their defaults filled in (see {@link DiscoveryHostOptions} for each default).
 * @param warn delivers a warning to the host's listeners.
 * @throws {ToolshiftError} HOST_INVALID_CONFIG when a duration is not a positive number of ms.
 */
export function createHostContext(
  options: DiscoveryHostOptions,
  validators: ValidatorCache,
  audit: AuditTrail,
  warn: HostContext['warn'],
): HostContext {
  const requestTimeoutMs = positiveMs(options.requestTimeoutMs, 30_000, 'requestTimeoutMs');
  const polling = {
    intervalMs: options.polling?.intervalMs ?? 60_000,
    backstopMs: options.polling?.backstopMs ?? 900_000,
    backoff: { initialMs: 1_000, maxMs: 300_000, factor: 2, jitter: 0.2, ...options.polling?.backoff },
  };
  return {
    clientInfo: options.clientInfo,
    requestTimeoutMs,
    listingDeadlineMs: positiveMs(options.listingDeadlineMs, 120_000, 'listingDeadlineMs'),
    listing: { ...DEFAULT_LISTING_LIMITS, ...options.listingLimits },
    fetchBounds: {
      maxResponseBytes: 32 * 1024 * 1024,
      maxStreamBytes: 64 * 1024 * 1024,
      responseDeadlineMs: requestTimeoutMs + 5_000,
      ...options.fetchBounds,
    },
    freshness: { ...DEFAULT_FRESHNESS_POLICY, ...options.freshness },
    polling,
    clock: options.clock ?? systemClock,
    registry: new ToolRegistry(),
    prompts: new ListRegistry<DiscoveredPrompt>(),
    resources: new ListRegistry<DiscoveredResource>(),
    gate: new SchemaGate(validators, options.schemaLimits),
    validators,
    compileValidators: options.compileValidators ?? 'lazy',
    cache: options.cache ?? new DiscoveryCache(),
    audit,
    machine: {
      ...DEFAULT_MACHINE_POLICY,
      maxRelists: options.maxRelists ?? DEFAULT_MACHINE_POLICY.maxRelists,
      maxSessionRetries: options.maxSessionRetries ?? DEFAULT_MACHINE_POLICY.maxSessionRetries,
      relistBurst: options.relistRate?.burst ?? DEFAULT_MACHINE_POLICY.relistBurst,
      relistRefillMs: positiveMs(
        options.relistRate?.refillMs,
        DEFAULT_MACHINE_POLICY.relistRefillMs,
        'relistRate.refillMs',
      ),
      stormThreshold: options.storm?.threshold ?? DEFAULT_MACHINE_POLICY.stormThreshold,
      stormWindowMs: positiveMs(
        options.storm?.windowMs,
        DEFAULT_MACHINE_POLICY.stormWindowMs,
        'storm.windowMs',
      ),
      stableStreamMs: positiveMs(
        options.stableStreamMs,
        DEFAULT_MACHINE_POLICY.stableStreamMs,
        'stableStreamMs',
      ),
      pollIntervalMs: polling.intervalMs,
      backstopMs: polling.backstopMs,
    },
    closeBudgetMs: positiveMs(options.closeBudgetMs, 100, 'closeBudgetMs'),
    store: options.snapshotStore ?? new InMemorySnapshotStore(),
    persistSessions: options.persistSessions ?? options.snapshotStore !== undefined,
    probeTimeoutMs: positiveMs(options.probeTimeoutMs, 3_000, 'probeTimeoutMs'),
    stdio: { ...DEFAULT_STDIO_BOUNDS, ...options.stdio },
    warn,
  };
}

/**
 * `value`, or `fallback` when undefined.
 * @throws {ToolshiftError} HOST_INVALID_CONFIG when `value` is not a positive finite number.
 */
export function positiveMs(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ToolshiftError('HOST_INVALID_CONFIG', `${field} must be a positive number of ms.`, {
      field,
      reason: 'not a positive number',
    });
  }
  return value;
}
