import canonicalize from 'canonicalize';
import type { Invariant } from '../invariant.js';
import { fail, inconclusive, pass } from '../verdict.js';

const canonical = (value: unknown): string => canonicalize(value ?? null) ?? 'null';

/**
 * Every exposed tool carries the server's current input schema (compared in RFC 8785 canonical
 * form, so key order does not matter).
 */
export const currentContracts: Invariant = {
  id: 'registry.current-contracts',
  title: 'Each exposed tool carries the input schema the server currently holds for it.',
  source: 'seed 000 (schema changes are more dangerous than removal); cases SC-06',
  check(run) {
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    const last = exposures[exposures.length - 1];
    if (!last) return inconclusive(this.id, 'The client exposed no tools.');
    const current = new Map(run.finalCatalog.tools.map((tool) => [tool.name, tool]));
    const compared: string[] = [];
    for (const tool of last.tools) {
      if (tool.serverId !== run.serverId) continue;
      const truth = current.get(tool.name);
      if (!truth) continue;
      if (tool.inputSchema === undefined)
        return inconclusive(this.id, 'The client does not report the schemas it exposes.');
      if (canonical(tool.inputSchema) !== canonical(truth.inputSchema)) {
        return fail(
          this.id,
          `'${tool.name}' is exposed with a stale input schema.`,
          [{ seq: last.afterSeq, note: `exposed schema ${canonical(tool.inputSchema).slice(0, 120)}` }],
          `server schema is ${canonical(truth.inputSchema).slice(0, 120)}`,
        );
      }
      compared.push(tool.name);
    }
    if (compared.length === 0) return inconclusive(this.id, 'No exposed tool is in the final catalog.');
    return pass(this.id, `The input schemas of ${compared.length} exposed tool(s) match the server's.`);
  },
};
