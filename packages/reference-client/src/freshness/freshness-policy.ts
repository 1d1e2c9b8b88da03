import type { Era } from '../snapshot/discovered-tool.js';

/** How a host turns server freshness hints into snapshot lifetimes. */
export interface FreshnessPolicy {
  /** Upper bound on a server's `ttlMs`, ms (default 24 h): an absurd TTL cannot pin a snapshot. */
  maxTtlMs: number;
  /** Lifetime of a legacy (2025-11-25) listing, which carries no `ttlMs`, ms (default 300,000). */
  legacyTtlMs: number;
}

/** The defaults of {@link FreshnessPolicy}. */
export const DEFAULT_FRESHNESS_POLICY: FreshnessPolicy = { maxTtlMs: 86_400_000, legacyTtlMs: 300_000 };

/**
 * The effective TTL of a listing, ms: the server's hint (absent or negative already read as 0 for
 * modern pages) capped at `maxTtlMs`; legacy listings get `legacyTtlMs`.
 * @see ../shared/spec/mcp-discovery-spec.md §7, §11.12
 */
export function effectiveTtlMs(policy: FreshnessPolicy, era: Era, hintedTtlMs: number | undefined): number {
  if (era === 'legacy' || hintedTtlMs === undefined) return Math.min(policy.legacyTtlMs, policy.maxTtlMs);
  return Math.min(Math.max(0, hintedTtlMs), policy.maxTtlMs);
}
