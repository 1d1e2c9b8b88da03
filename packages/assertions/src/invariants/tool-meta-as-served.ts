import { SEED_000 } from '../authority/authority.js';
import { canonicalForm } from '../canonical-form.js';
import { noExposure } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames, type Observation } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { tool: 'string' } } as const;
type Exposure = Extract<Observation, { kind: 'exposure' }>;

/**
 * The host sees each tool's `_meta` (the server's extension data on a tool: UI hints, app links,
 * vendor fields) as the server last served it: every tool of this server in the client's last
 * exposure (what it shows when the run ends) whose latest served definition carries a `_meta` object is held
 * with that `_meta` (RFC 8785 equal), and none is held with a `_meta` the server no longer serves
 * (dropped, or a stale copy after a change). Param `tool`: judge that tool only.
 * Inconclusive (staging) when no listed tool carries `_meta`, and when the client reports no tool
 * `_meta` at all in the run (its host shows none to the harness); no exposure is judged by `noExposure`.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1 (Tool fields, `_meta`)
 */
export const toolMetaAsServed: Invariant = {
  id: 'registry.tool-meta-as-served',
  title: 'The host holds each exposed tool with the `_meta` the server last served for it.',
  source: 'spec 2026-07-28 §2.1 (Tool `_meta`); 2025-11-25 tools (`_meta`); issue 26',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: a contract snapshot keeps what the server served, _meta included`,
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const exposures = run.observations.filter((o): o is Exposure => o.kind === 'exposure');
    const last = exposures.at(-1);
    if (!last) return noExposure(this.id, run);
    const only = params.tool as string | undefined;
    // The latest definition of each tool the server answered: a re-list the host never showed leaves its view stale.
    const served = new Map<string, { meta: unknown; seq: number }>();
    for (const exchange of listExchanges(connectionFrames(run, run.serverId))) {
      if (!exchange.response) continue;
      for (const tool of exchange.tools ?? [])
        served.set(tool.name, { meta: (tool as { _meta?: unknown })._meta, seq: exchange.response.seq });
    }
    const mine = last.tools.filter(
      (tool) =>
        tool.serverId === run.serverId && served.has(tool.name) && (only === undefined || tool.name === only),
    );
    const withMeta = mine.filter((tool) => {
      const meta = served.get(tool.name)!.meta;
      return (typeof meta === 'object' && meta !== null) || tool._meta !== undefined;
    });
    // Staging: nothing to see (no tool carries _meta), or a host that shows the harness no _meta at all.
    if (withMeta.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: no exposed tool${only ? ` named '${only}'` : ''} was listed with a _meta object: nothing to see.`,
      );
    if (!exposures.some((exposure) => exposure.tools.some((tool) => tool._meta !== undefined)))
      return inconclusive(
        this.id,
        `${run.serverId}: the client reports no tool's _meta at all (its host shows the harness none), so whether it sees them cannot be judged.`,
      );
    const wrong = withMeta.filter((tool) => {
      const meta = served.get(tool.name)!.meta;
      const expected = typeof meta === 'object' && meta !== null ? canonicalForm(meta) : undefined;
      const held = tool._meta === undefined ? undefined : canonicalForm(tool._meta);
      return expected !== held;
    });
    const evidence = (names: readonly { name: string }[]): FrameRef[] => [
      ...names
        .slice(0, 4)
        .map((tool) => ({ seq: served.get(tool.name)!.seq, note: `${tool.name} listed with its _meta` })),
      { seq: last.afterSeq, note: 'last exposure' },
    ];
    if (wrong.length === 0)
      return pass(
        this.id,
        `${run.serverId}: the host holds each of ${withMeta.length} tool(s) with the _meta the server last served.`,
        evidence(withMeta),
      );
    const first = wrong[0]!;
    return fail(
      this.id,
      `${run.serverId}: the host holds ${wrong.map((tool) => `'${tool.name}'`).join(', ')} with ${first._meta === undefined ? 'no _meta' : 'a _meta the server no longer serves'} (served: ${JSON.stringify(served.get(first.name)!.meta) ?? 'none'}; held: ${JSON.stringify(first._meta) ?? 'none'}).`,
      evidence(wrong),
      first._meta === undefined
        ? 'the host dropped the tool’s _meta'
        : 'the host kept an older _meta after the server changed it',
    );
  },
};
