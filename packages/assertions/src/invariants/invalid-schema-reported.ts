import { SEED_000 } from '../authority/authority.js';
import { neverListed } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { tool: 'string' }, required: ['tool'] } as const;

/**
 * A tool whose input schema is invalid is validated out before use: the client never exposes it
 * with that schema, and it tells the user which tool it left out (a warning naming it). The other
 * tools are checked by other invariants. A client no listing ever handed the tool (it never listed,
 * or never this tool) has nothing to leave out: inconclusive unless it exposed the tool anyway.
 * Params: `tool` (the MCP name of the invalid tool).
 */
export const invalidSchemaReported: Invariant = {
  id: 'registry.invalid-schema-reported',
  title: 'A tool with an invalid schema is kept out of the exposure and named in a warning.',
  source: 'seed 000 (validate schemas before use; fixture "invalid schema"); spec 2026-07-28 §2.4',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: validate schemas before exposure; "Schemas MUST be valid" binds the server (digest §2.4)`,
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const tool = params.tool as string;
    const exposing = run.observations.find(
      (o) => o.kind === 'exposure' && o.tools.some((t) => t.serverId === run.serverId && t.name === tool),
    );
    if (exposing) {
      return fail(
        this.id,
        `${run.serverId}: '${tool}', whose schema is invalid, was exposed.`,
        [{ seq: exposing.afterSeq, note: `exposure with ${tool}` }],
        'the schema was passed on unvalidated',
      );
    }
    const warning = run.observations.find(
      (o) => o.kind === 'warning' && o.serverId === run.serverId && o.toolName === tool,
    );
    const received = listExchanges(connectionFrames(run, run.serverId)).find((exchange) =>
      exchange.tools?.some((candidate) => candidate.name === tool),
    );
    // Never listed: the client's doing when the run used the tools. A listing that never carried the
    // tool (another principal's view, a page the client never reached) is staging.
    if (
      warning?.kind !== 'warning' &&
      !received &&
      listExchanges(connectionFrames(run, run.serverId)).length === 0
    )
      return neverListed(this.id, run, `nothing to leave '${tool}' out of`);
    if (warning?.kind !== 'warning' && !received)
      return inconclusive(
        this.id,
        `${run.serverId}: no tools/list answer of this connection carried '${tool}': nothing to leave out.`,
      );
    if (warning?.kind !== 'warning')
      return fail(
        this.id,
        `${run.serverId}: '${tool}' was left out silently; no warning names it.`,
        received?.response ? [{ seq: received.response.seq, note: `the listing that carried ${tool}` }] : [],
        'excluded, but the user cannot tell why a tool is missing',
      );
    return pass(this.id, `'${tool}' was kept out and reported: ${warning.message}`, [
      { seq: warning.afterSeq, note: 'warning' },
    ]);
  },
};
