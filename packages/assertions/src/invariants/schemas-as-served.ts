import { SEED_000 } from '../authority/authority.js';
import { noExposure } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { describeChanges, schemaChanges, servedSchemas } from '../schema-findings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * The client exposes schemas as the server served them, or says it changed them: every input
 * schema an exposure reports for this server equals one the server served for that tool by then
 * (staleness is `registry.current-contracts`' finding, not this one), unless the exposed tool
 * declares the rewrite (`schemaRewrite`, e.g. "normalized for OpenAI strict mode"). An undeclared
 * rewrite fails with the JSON-pointer diff from the schema last served (e.g.
 * `/additionalProperties: false → true`): the model is shown a contract the server never offered.
 */
export const schemasAsServed: Invariant = {
  id: 'registry.schemas-as-served',
  title:
    'Each exposed input schema is one the server served, or the client declares that it rewrote it (and how).',
  source:
    'seed 000 (validate and adapt schemas per provider, failing clearly when adaptation would change meaning)',
  authority: { level: 'advice', basis: `${SEED_000}: a rewritten schema is declared as rewritten` },
  check(run) {
    const served = servedSchemas(run.transcript);
    let compared = 0;
    const declared: string[] = [];
    for (const exposure of run.observations) {
      if (exposure.kind !== 'exposure') continue;
      for (const tool of exposure.tools) {
        if (tool.serverId !== run.serverId || tool.inputSchema === undefined) continue;
        const revisions = (served.get(tool.name) ?? []).filter((entry) => entry.seq <= exposure.afterSeq);
        if (revisions.length === 0) continue;
        compared += 1;
        const nearest = revisions
          .map((entry) => ({ entry, changes: schemaChanges(entry.schema, tool.inputSchema) }))
          .sort((a, b) => a.changes.length - b.changes.length)[0]!;
        if (nearest.changes.length === 0) continue;
        if (tool.schemaRewrite !== undefined) {
          declared.push(`'${tool.name}' (${tool.schemaRewrite})`);
          continue;
        }
        return fail(
          this.id,
          `${run.serverId}: '${tool.name}' is exposed with an input schema the server never served, and the client does not say it rewrote it: ${describeChanges(nearest.changes)}.`,
          [
            { seq: nearest.entry.seq, note: 'the schema as served' },
            {
              seq: exposure.afterSeq,
              note: `exposed schema ${JSON.stringify(tool.inputSchema).slice(0, 120)}`,
            },
          ],
          'a rewrite may be right for a provider, but the client must say what it changed (schemaRewrite)',
        );
      }
    }
    // No exposure at all: as noExposure decides. Exposures without schemas (a host showing names only): staging.
    if (compared === 0 && !run.observations.some((o) => o.kind === 'exposure'))
      return noExposure(this.id, run);
    if (compared === 0)
      return inconclusive(this.id, 'No exposure reported a schema for a tool the server had listed.');
    return pass(
      this.id,
      `${run.serverId}: ${compared} exposed schema(s) were as served${
        declared.length ? ` or declared rewrites (${[...new Set(declared)].slice(0, 3).join('; ')})` : ''
      }.`,
    );
  },
};
