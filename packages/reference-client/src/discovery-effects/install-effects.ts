import { describeEndpoint } from '../connection/server-endpoint.js';
import type { ListKind } from '../discovery-machine/list-kind.js';
import type { DiscoveryCacheKey } from '../freshness/discovery-cache.js';
import { effectiveTtlMs } from '../freshness/freshness-policy.js';
import { buildListSnapshot } from '../lists/build-list-snapshot.js';
import { entryRegistry } from '../registry/host-context.js';
import { assembleCatalogSnapshot, type SnapshotContext } from '../snapshot/build-catalog-snapshot.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { DiscoveredTool, Era } from '../snapshot/discovered-tool.js';
import { ListingMemo } from '../snapshot/listing-memo.js';
import type { DiscoveryScope } from './discovery-scope.js';
import type { PendingListing } from './pending-listing.js';
import type { PersistenceEffects } from './persistence-effects.js';
import type { WarningEffects } from './warning-effects.js';

/**
 * The machine's `install` and `withdraw` effects: a listing the machine accepted is swapped into
 * the host's registry whole (tools: assembled into a catalog snapshot, audited, cached, persisted,
 * with warnings for newly normalized or excluded tools), or the server's entries are withdrawn.
 * Keeps what was last verified: the snapshot new listings are prepared against, and the memo of
 * its pages (the unchanged-page fast path).
 */
export class InstallEffects {
  private lastKnown: CatalogSnapshot | undefined;
  /** Whether {@link lastKnown} was verified in this process (a restored one never feeds the gate's fast path). */
  private lastKnownVerified = false;
  /** The pages of the last tools listing installed from the server. */
  private pageMemo: ListingMemo | undefined;

  constructor(
    private readonly scope: DiscoveryScope,
    private readonly persistence: PersistenceEffects,
    private readonly warnings: WarningEffects,
  ) {}

  /** The last snapshot that was ever verified (or restored), kept even when the server is withdrawn. */
  get lastKnownSnapshot(): CatalogSnapshot | undefined {
    return this.lastKnown;
  }

  /** The pages of the last tools listing installed from the server, if any. */
  get memo(): ListingMemo | undefined {
    return this.pageMemo;
  }

  /** Shows a restored snapshot as last-known (never a shortcut past the schema gate). */
  restored(snapshot: CatalogSnapshot): void {
    this.lastKnown = snapshot;
    this.lastKnownVerified = false;
  }

  /** What gating and hashing a tools listing needs (the previous verified snapshot feeds the reuse path). */
  snapshotContext(era: Era, protocolRevision: string, ttlMs: number): SnapshotContext {
    const { host } = this.scope;
    const { serverId } = this.scope.config();
    const previous =
      host.registry.snapshot(serverId) ?? (this.lastKnownVerified ? this.lastKnown : undefined);
    return {
      serverId,
      era,
      protocolRevision,
      gate: host.gate,
      nowMs: host.clock.now(),
      ttlMs,
      ...(previous ? { previous } : {}),
      ...(host.compileValidators === 'eager'
        ? { compile: (tool: DiscoveredTool) => this.compile(tool) }
        : {}),
    };
  }

  /** The key of this server's listings in the host's discovery cache. */
  cacheKey(protocolRevision: string): DiscoveryCacheKey {
    const config = this.scope.config();
    return {
      connectionId: `${config.serverId} ${describeEndpoint(this.scope.endpoint())}`,
      credentialProfileId:
        config.credentialProfileId ?? (config.bearerToken === undefined ? null : undefined),
      protocolRevision,
    };
  }

  /** Swaps in the listing the machine accepted, audits it and caches it. */
  install(list: ListKind, pending: PendingListing | undefined, reason: string): void {
    if (!pending) return;
    if (list !== 'tools') {
      if (pending.source === 'server') this.installEntries(list, pending);
      return;
    }
    const { host } = this.scope;
    const { serverId } = this.scope.config();
    let snapshot: CatalogSnapshot;
    if (pending.source === 'cache') snapshot = pending.snapshot;
    else {
      snapshot = assembleCatalogSnapshot(
        pending.prepared,
        pending.raw,
        this.snapshotContext(
          pending.era,
          pending.protocolRevision,
          effectiveTtlMs(host.freshness, pending.era, pending.raw.ttlMs),
        ),
      );
      this.pageMemo = new ListingMemo(pending.era, pending.pages, pending.prepared);
    }
    const before = this.lastKnownVerified ? this.lastKnown : undefined;
    this.lastKnown = snapshot;
    this.lastKnownVerified = true;
    host.registry.swap(serverId, snapshot);
    this.warnings.contents(snapshot, before);
    if (pending.source === 'server') this.persistence.persist(pending.connection, snapshot);
    host.audit.record(
      {
        type: 'listing',
        serverId,
        catalogHash: snapshot.catalogHash,
        toolCount: snapshot.tools.length,
        excluded: snapshot.excluded.map(({ name, reason: why }) => ({ name, reason: why })),
        pageCount: snapshot.pageCount,
        reason: pending.source === 'cache' ? 'cache' : reason,
      },
      host.clock.now(),
    );
    if (pending.source === 'server') host.cache.set(this.cacheKey(pending.protocolRevision), snapshot);
  }

  /** Takes the server's `list` entries out of the host's registry. */
  withdraw(list: ListKind): void {
    const { host } = this.scope;
    const { serverId } = this.scope.config();
    if (list === 'tools') host.registry.swap(serverId, undefined);
    else entryRegistry(host, list).swap(serverId, undefined);
  }

  /** Swaps in a verified prompts or resources listing. */
  private installEntries(
    list: Exclude<ListKind, 'tools'>,
    pending: Extract<PendingListing, { source: 'server' }>,
  ): void {
    const { host } = this.scope;
    const { serverId } = this.scope.config();
    const registry = entryRegistry(host, list);
    const previous = registry.snapshot(serverId);
    const snapshot = buildListSnapshot(list, pending.raw, {
      serverId,
      era: pending.era,
      protocolRevision: pending.protocolRevision,
      nowMs: host.clock.now(),
      ttlMs: effectiveTtlMs(host.freshness, pending.era, pending.raw.ttlMs),
      limits: host.gate.limits,
      ...(previous ? { previous } : {}),
    });
    registry.swap(serverId, snapshot as never);
  }

  private compile(tool: DiscoveredTool): string | undefined {
    const compiled = this.scope.host.validators.compiled(
      tool.contractHash,
      tool.inputSchema,
      tool.outputSchema,
    );
    return compiled.ok ? undefined : compiled.reason;
  }
}
