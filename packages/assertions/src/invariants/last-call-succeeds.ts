import { callAnswerSeq } from '../call-answer.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Call = Extract<Observation, { kind: 'call' }>;

const SHAPE = { fields: { tool: 'string' }, required: ['tool'] } as const;

/**
 * The last call the host made to `tool` on this server succeeded — e.g. the retry after a
 * re-authorization or a reconnect, while earlier attempts were allowed to fail. Params: `tool`.
 */
export const lastCallSucceeds: Invariant = {
  id: 'calls.last-call-succeeds',
  title: 'The final attempt to call the tool succeeds (after re-authorization, reconnect or refresh).',
  source: 'cases AU-01 E2, RC-01 E3, AU-02 E3',
  authority: {
    level: 'advice',
    basis: 'robustness: the call works again once re-authorization, reconnect or refresh happened',
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const tool = params.tool as string;
    const calls = run.observations.filter(
      (o): o is Call => o.kind === 'call' && o.serverId === run.serverId && o.toolName === tool,
    );
    const last = calls.at(-1);
    // Staging: the scenario never called the tool.
    if (last === undefined) return inconclusive(this.id, `The run never called '${tool}'.`);
    if (last.outcome.ok)
      return pass(this.id, `${run.serverId}: the last of ${calls.length} call(s) to '${tool}' succeeded.`, [
        { seq: callAnswerSeq(run.transcript, last), note: 'last call' },
      ]);
    const succeeded = calls.filter((call) => call.outcome.ok);
    return fail(
      this.id,
      `${run.serverId}: the last call to '${tool}' failed: ${last.outcome.error}`,
      [
        ...succeeded.slice(-1).map((call) => ({
          seq: callAnswerSeq(run.transcript, call),
          note: 'an earlier call that succeeded',
        })),
        { seq: last.afterSeq, note: 'last call' },
      ],
      calls.length === 1
        ? 'the only attempt failed'
        : succeeded.length === 0
          ? `all ${calls.length} attempts failed`
          : `${succeeded.length} of ${calls.length} attempts succeeded (the last success was attempt ${calls.indexOf(succeeded.at(-1)!) + 1}), but the final one failed`,
    );
  },
};
