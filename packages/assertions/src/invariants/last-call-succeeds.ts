import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { tool: 'string' }, required: ['tool'] } as const;

/**
 * The last call the host made to `tool` on this server succeeded — e.g. the retry after a
 * re-authorization or a reconnect, while earlier attempts were allowed to fail. Params: `tool`.
 */
export const lastCallSucceeds: Invariant = {
  id: 'calls.last-call-succeeds',
  title: 'The final attempt to call the tool succeeds (after re-authorization, reconnect or refresh).',
  source: 'cases AU-01 E2, RC-01 E3, AU-02 E3',
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const tool = params.tool as string;
    const calls = run.observations.filter(
      (o) => o.kind === 'call' && o.serverId === run.serverId && o.toolName === tool,
    );
    const last = calls.at(-1);
    if (last?.kind !== 'call') return inconclusive(this.id, `The run never called '${tool}'.`);
    if (last.outcome.ok)
      return pass(this.id, `The last of ${calls.length} call(s) to '${tool}' succeeded.`, [
        { seq: last.afterSeq, note: 'last call' },
      ]);
    return fail(
      this.id,
      `The last call to '${tool}' failed: ${last.outcome.error}`,
      [{ seq: last.afterSeq, note: 'last call' }],
      calls.length > 1 ? `all ${calls.length} attempts failed` : 'the only attempt failed',
    );
  },
};
