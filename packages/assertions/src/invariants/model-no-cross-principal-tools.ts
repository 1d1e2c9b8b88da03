import { SEED_000 } from '../authority/authority.js';
import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * No tool from another principal reaches the model: every tool a model request offers as a
 * connection's (the identity the client attributes it to) was served to that connection's own
 * principal by some listing before the request, or by a `public` listing. A tool that only
 * `private` listings served to other principals reached this principal's model request through a
 * cache or a tool index shared across credentials. A listing without `cacheScope` (legacy) counts
 * as private. Tools are traced by their MCP name (schemas may be rewritten for the provider); a
 * tool no listing of this server served (a host's own tool, another server's) is not judged, nor is
 * one the client did not attribute to a connection of this server.
 * @see ../shared/spec/mcp-discovery-spec.md §7 (cacheScope private), §11.3
 */
export const modelNoCrossPrincipalTools: Invariant = {
  id: 'model.no-cross-principal-tools',
  title: "No model request offers, as one connection's tool, a tool only another principal was served.",
  source:
    'spec 2026-07-28 caching (digest §7: private results are reused only in the same authorization context); issue 12; cases LC-11 E2',
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
    if (!run.connections || new Set(run.connections.map((c) => c.principal)).size < 2)
      return inconclusive(
        this.id,
        'The run has fewer than two principals, so no tool can come from another one.',
      );
    const requests = run.observations.filter(
      (o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined,
    );
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (requests.length === 0) return noModelRequest(this.id, run);
    const served = listExchanges(run.transcript).flatMap((exchange) => {
      if (!exchange.tools || !exchange.response) return [];
      const scope = (exchange.response.message as { result?: { cacheScope?: unknown } } | undefined)?.result
        ?.cacheScope;
      return exchange.tools.map((tool) => ({
        name: tool.name,
        principal: exchange.request.principal ?? 'anonymous',
        public: scope === 'public',
        seq: exchange.response!.seq,
      }));
    });
    let checked = 0;
    for (const request of requests) {
      for (const tool of request.tools) {
        const connection = run.connections.find((c) => c.serverId === tool.serverId);
        if (!connection) continue;
        const sources = served.filter((s) => s.seq <= request.afterSeq && s.name === tool.toolName);
        if (sources.length === 0) continue;
        checked += 1;
        if (sources.some((s) => s.public || s.principal === connection.principal)) continue;
        const others = [...new Set(sources.map((s) => s.principal))];
        const evidence: FrameRef[] = [
          ...sources
            .slice(0, 2)
            .map((s) => ({ seq: s.seq, note: `private listing served to ${s.principal}` })),
          {
            seq: request.afterSeq,
            note: `model request${request.exchange !== undefined ? ` ${request.exchange}` : ''} for ${connection.principal} via ${connection.serverId}`,
          },
        ];
        return fail(
          this.id,
          `A model request offered the model '${tool.name}' as ${connection.serverId}'s (${connection.principal}) tool '${tool.toolName}', which only ${others.join(', ')} ${others.length === 1 ? 'was' : 'were'} ever served, privately.`,
          evidence,
          "another account's tool reached the model in this account's session (a cache or tool index shared across credentials); a call would run under the wrong credentials",
        );
      }
    }
    // Staging: no offered tool could be traced to a listing of this server.
    if (checked === 0)
      return inconclusive(
        this.id,
        `No tool of the ${requests.length} model request(s) could be traced to a listing this server served to a connection of the run.`,
      );
    return pass(
      this.id,
      `${checked} offered tool(s) in ${requests.length} model request(s) each came from a listing served to their connection's own principal or a public one.`,
    );
  },
};
