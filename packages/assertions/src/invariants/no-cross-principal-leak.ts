import { SEED_000 } from '../authority/authority.js';
import { canonicalForm as canonical } from '../canonical-form.js';
import { noExposure } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { listExchanges } from '../tool-listings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/**
 * No cross-principal cache reuse: a connection exposes only tools that some listing served to its
 * own principal contained, or that a `public` listing contained. A tool known only from a `private`
 * listing served to another principal reached this connection through a shared cache. A listing
 * without `cacheScope` (legacy) counts as private. Tools are traced by name and canonical schema,
 * by name alone when the client rewrote the schema (no listing served it).
 * @see ../shared/spec/mcp-discovery-spec.md §7 (cacheScope private), §11.3
 */
export const noCrossPrincipalLeak: Invariant = {
  id: 'cache.no-cross-principal-leak',
  title: "No connection exposes a tool it learned only from another principal's private listing.",
  source:
    'spec 2026-07-28 caching (digest §7: private results are reused only in the same authorization context); cases LC-11 E2',
  authority: {
    byEra: {
      legacy: {
        level: 'advice',
        basis: `${SEED_000}: cache keys include the credential profile; 2025-11-25 has no caching rules`,
      },
      modern: { level: 'must', clauses: ['modern-private-cache-not-shared'] },
    },
  },
  check(run) {
    // Staging (the scenario's shape): one principal, nothing to leak between.
    if (!run.connections || new Set(run.connections.map((c) => c.principal)).size < 2) {
      return inconclusive(this.id, 'The run has fewer than two principals.');
    }
    const seen = listExchanges(run.transcript).flatMap((exchange) => {
      if (!exchange.tools || !exchange.response) return [];
      const scope = (exchange.response.message as { result?: { cacheScope?: unknown } } | undefined)?.result
        ?.cacheScope;
      return exchange.tools.map((tool) => ({
        key: `${tool.name}\u0000${canonical(tool.inputSchema)}`,
        principal: exchange.request.principal ?? 'anonymous',
        public: scope === 'public',
        seq: exchange.response!.seq,
      }));
    });
    let checked = 0;
    for (const connection of run.connections) {
      for (const exposure of run.observations) {
        if (exposure.kind !== 'exposure') continue;
        for (const tool of exposure.tools) {
          if (tool.serverId !== connection.serverId) continue;
          const key = `${tool.name}\u0000${canonical(tool.inputSchema)}`;
          const byName = seen.filter(
            (s) => s.seq <= exposure.afterSeq && s.key.startsWith(`${tool.name}\u0000`),
          );
          // A schema no listing served (the client rewrote it) is traced by name alone.
          const exact = byName.filter((s) => s.key === key);
          const sources = tool.inputSchema === undefined || exact.length === 0 ? byName : exact;
          if (sources.length === 0) continue;
          checked += 1;
          if (sources.some((s) => s.public || s.principal === connection.principal)) continue;
          const evidence: FrameRef[] = [
            ...sources
              .slice(0, 2)
              .map((s) => ({ seq: s.seq, note: `private listing served to ${s.principal}` })),
            { seq: exposure.afterSeq, note: `exposed to ${connection.principal} via ${connection.serverId}` },
          ];
          return fail(
            this.id,
            `${connection.serverId} (${connection.principal}) exposed '${tool.name}', which only ${[...new Set(sources.map((s) => s.principal))].join(', ')} was ever served, privately.`,
            evidence,
            'the cache key held the connection but not the credentials (a private entry served to another principal)',
          );
        }
      }
    }
    // No exposure at all: as noExposure decides. Exposed tools no listing of the run explains: staging.
    if (checked === 0 && !run.observations.some((o) => o.kind === 'exposure'))
      return noExposure(this.id, run);
    if (checked === 0)
      return inconclusive(this.id, 'No exposed tool could be traced to a listing served in this run.');
    return pass(
      this.id,
      `${checked} exposed tool(s) each came from a listing served to their own principal or a public one.`,
    );
  },
};
