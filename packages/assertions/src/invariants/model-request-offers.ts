import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;
const SHAPE = {
  fields: { includes: 'string[]', excludes: 'string[]' },
  oneOf: ['includes', 'excludes'],
} as const;

/**
 * The latest model request offers the tools the scenario expects (by MCP tool name on this server)
 * and none it should not: e.g. tools added mid-turn are in the very next request, removed ones are
 * gone. Params: `includes`, `excludes` (tool names).
 */
export const modelRequestOffers: Invariant = {
  id: 'model.request-offers',
  title: 'The latest model request offers exactly the expected tools of this server.',
  source: 'cases LC-06 E1, RM-01 E1, LC-01 E2, SC-06 E1',
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    if (!request) return inconclusive(this.id, 'The client built no model request.');
    const offered = new Set(request.tools.filter((t) => t.serverId === run.serverId).map((t) => t.toolName));
    const missing = ((params.includes as string[] | undefined) ?? []).filter((name) => !offered.has(name));
    const extra = ((params.excludes as string[] | undefined) ?? []).filter((name) => offered.has(name));
    if (missing.length === 0 && extra.length === 0)
      return pass(
        this.id,
        `The latest model request offers what it should (${offered.size} tool(s) of ${run.serverId}).`,
        [{ seq: request.afterSeq, note: 'latest model request' }],
      );
    return fail(
      this.id,
      `The latest model request ${[
        missing.length ? `lacks ${missing.map((n) => `'${n}'`).join(', ')}` : '',
        extra.length ? `still offers ${extra.map((n) => `'${n}'`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' and ')}.`,
      [{ seq: request.afterSeq, note: `model request with [${[...offered].slice(0, 20).join(', ')}]` }],
      'the registry had not caught up with the server when the request was built',
    );
  },
};
