import type { ExcludedTool } from '../schema-gate/gate-verdict.js';
import type { DiscoveredTool, Era } from './discovered-tool.js';

/** The freshness of a catalog snapshot, from the listing's `ttlMs`/`cacheScope` (capped by the host). */
export interface SnapshotFreshness {
  /** When the listing completed, host clock (epoch ms). */
  fetchedAtMs: number;
  /** Effective time to live, ms (server hint, capped; legacy default when the era has none). */
  ttlMs: number;
  /** `fetchedAtMs + ttlMs`. */
  expiresAtMs: number;
  cacheScope: 'public' | 'private';
}

/**
 * One verified listing of one server: the tools that passed the schema gate (server order), the
 * ones excluded with reasons, and a `catalogHash` (SHA-256 over the sorted `(name, contractHash)`
 * pairs) that changes exactly when some contract changes. Immutable.
 */
export class CatalogSnapshot {
  readonly tools: readonly DiscoveredTool[];
  readonly excluded: readonly ExcludedTool[];
  readonly warnings: readonly string[];
  private readonly byName: ReadonlyMap<string, DiscoveredTool>;

  constructor(
    readonly serverId: string,
    readonly era: Era,
    readonly protocolRevision: string,
    tools: DiscoveredTool[],
    excluded: ExcludedTool[],
    readonly catalogHash: string,
    readonly freshness: SnapshotFreshness,
    readonly pageCount: number,
    warnings: string[],
  ) {
    this.tools = Object.freeze(tools);
    this.excluded = Object.freeze(excluded);
    this.warnings = Object.freeze(warnings);
    const byName = new Map<string, DiscoveredTool>();
    for (const tool of tools) byName.set(tool.name, tool);
    this.byName = byName;
    Object.freeze(this);
  }

  /** The verified tool called `name`, if any. */
  tool(name: string): DiscoveredTool | undefined {
    return this.byName.get(name);
  }

  /** Whether the snapshot's TTL has run out at `nowMs`. */
  isExpired(nowMs: number): boolean {
    return nowMs >= this.freshness.expiresAtMs;
  }
}
