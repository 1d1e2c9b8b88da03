import { SEED_000 } from '../authority/authority.js';
import { noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { classifySchema, describeChanges, servedSchemas } from '../schema-findings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { exact: 'boolean' } } as const;

/**
 * Every exposed tool carries the server's current input schema, not one an earlier catalog
 * revision served (compared in RFC 8785 canonical form, so key order does not matter). Each
 * exposed schema that differs from the current one is classified from the transcript's
 * `tools/list` answers (`classifySchema`): *stale* (equal to, or rewritten from, a schema an
 * earlier revision served) fails; *rewritten* (matching no revision the server served, e.g.
 * normalized for a model provider) is not staleness and passes, the pass naming the JSON-pointer
 * diff, unless the scenario asks for byte-equal schemas (`exact: true`). Undeclared rewrites are
 * judged by `registry.schemas-as-served`. A name exposed twice fails. Params: `exact` (boolean).
 */
export const currentContracts: Invariant = {
  id: 'registry.current-contracts',
  title:
    'Each exposed tool carries the input schema the server currently holds for it, not one of an earlier catalog revision.',
  source: 'seed 000 (schema changes are more dangerous than removal); cases SC-06',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: a changed schema is more dangerous than a removed tool; no clause obliges a client to re-list after a change`,
  },
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const exact = params.exact === true;
    const last = run.observations.filter((o) => o.kind === 'exposure').at(-1);
    // No exposure: a tool set that failed to build fails; the client's doing or staging as noExposure decides.
    if (!last) return noExposure(this.id, run);
    const mine = last.tools.filter((tool) => tool.serverId === run.serverId);
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      mine.map((tool) => tool.name),
      `the last exposure (after #${last.afterSeq})`,
      last.afterSeq,
    );
    if (duplicated) return duplicated;
    const current = new Map(run.finalCatalog.tools.map((tool) => [tool.name, tool]));
    const served = servedSchemas(run.transcript);
    const compared: string[] = [];
    const rewrites: string[] = [];
    let unreported = 0;
    for (const tool of mine) {
      const truth = current.get(tool.name);
      if (!truth) continue;
      if (tool.inputSchema === undefined) {
        unreported += 1;
        continue;
      }
      const finding = classifySchema(tool.inputSchema, truth.inputSchema, served.get(tool.name) ?? []);
      const evidence: FrameRef[] = [
        { seq: last.afterSeq, note: `exposed schema ${JSON.stringify(tool.inputSchema).slice(0, 120)}` },
      ];
      if (finding.kind === 'stale') {
        return fail(
          this.id,
          `${run.serverId}: '${tool.name}' is exposed with a stale input schema: ${finding.rewrite ? 'a rewrite of ' : ''}the one catalog revision ${finding.served.catalogRevision} served at #${finding.served.seq}.`,
          [{ seq: finding.served.seq, note: 'the older schema served here' }, ...evidence],
          `current schema (catalog revision ${run.finalCatalog.catalogRevision}) → exposed: ${describeChanges(finding.changes)}`,
        );
      }
      if (finding.kind === 'rewritten') {
        const diff = `'${tool.name}' ${describeChanges(finding.changes)}`;
        if (exact)
          return fail(
            this.id,
            `${run.serverId}: '${tool.name}' is exposed with a rewritten input schema (not stale: it matches no schema the server served): ${describeChanges(finding.changes)}.`,
            evidence,
            'the scenario asks for the schema exactly as served',
          );
        rewrites.push(diff);
      }
      compared.push(tool.name);
    }
    // Staging: the client reports no schemas (a host that shows names only), or exposes nothing still served.
    if (compared.length === 0)
      return inconclusive(
        this.id,
        unreported > 0
          ? 'The client does not report the schemas it exposes.'
          : 'No exposed tool is in the final catalog.',
      );
    return pass(
      this.id,
      `${run.serverId}: the input schemas of ${compared.length} exposed tool(s) are current${
        rewrites.length
          ? `; ${rewrites.length} rewritten by the client (not stale): ${rewrites.slice(0, 3).join('; ')}`
          : ''
      }.`,
      [{ seq: last.afterSeq, note: 'last exposure' }],
    );
  },
};
