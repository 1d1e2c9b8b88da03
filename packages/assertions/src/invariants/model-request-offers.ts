import { SEED_000 } from '../authority/authority.js';
import { noModelRequest } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { namesForServer } from '../server-tool-names.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;
const SHAPE = {
  fields: { includes: 'string[]', excludes: 'string[]', excludesInStrictMode: 'boolean' },
  oneOf: ['includes', 'excludes'],
} as const;

/** Why the request differs: a missing tool the client withheld says so; otherwise the registry lagged. */
function nearMissOf(missing: readonly string[], extra: readonly string[], request: ModelRequest): string {
  const withheld = missing.flatMap((name) => {
    const entry = request.withheld.find((tool) => tool.toolName === name);
    return entry ? [`'${name}' withheld (${entry.reason})`] : [];
  });
  if (withheld.length > 0 && withheld.length === missing.length && extra.length === 0)
    return `the client withheld it with a reason: ${withheld.join(', ')}`;
  return extra.length > 0 && missing.length === 0
    ? 'the registry still held tools the server had removed when the request was built'
    : 'the registry had not caught up with the server when the request was built';
}

/**
 * The latest model request offers the tools the scenario expects (by MCP tool name on this server)
 * and none it should not: e.g. tools added mid-turn are in the very next request, removed ones are
 * gone. In a run with several servers, a name this server never offered nor holds is another server's (a check no `server:`
 * narrows runs on every server); a tool offered twice fails. Params: `includes`, `excludes` (tool names);
 * `excludesInStrictMode: true` when the excludes hold only for a request in OpenAI strict mode (a
 * schema strict mode cannot express): a request read from the wire with no tool marked `strict` comes
 * from a host that does not use strict mode, which rightly sends such a tool as it is, so only the
 * includes are judged.
 */
export const modelRequestOffers: Invariant = {
  id: 'model.request-offers',
  title: 'The latest model request offers exactly the expected tools of this server.',
  source: 'cases LC-06 E1, RM-01 E1, LC-01 E2, SC-06 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: the model is offered the tools the server currently offers`,
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (!request) return noModelRequest(this.id, run);
    const mine = request.tools.filter((t) => t.serverId === run.serverId).map((t) => t.toolName);
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      mine,
      'the latest model request',
      request.afterSeq,
    );
    if (duplicated) return duplicated;
    const offered = new Set(mine);
    const ours = namesForServer(run);
    const includes = ((params.includes as string[] | undefined) ?? []).filter(ours);
    const notStrict = params.excludesInStrictMode === true && request.strictTools === 0;
    const excludes = notStrict ? [] : ((params.excludes as string[] | undefined) ?? []).filter(ours);
    // Staging: none of the expected names is this server's (another server's record judges them).
    if (includes.length === 0 && excludes.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: none of the expected tool names is one this server offered or holds.`,
      );
    const missing = includes.filter((name) => !offered.has(name));
    const extra = excludes.filter((name) => offered.has(name));
    if (missing.length === 0 && extra.length === 0)
      return pass(
        this.id,
        `${run.serverId}: the latest model request offers what it should (${offered.size} tool(s) of ${run.serverId})${notStrict ? '; it marks no tool strict, so the tools strict mode cannot express need not be withheld' : ''}.`,
        [{ seq: request.afterSeq, note: 'latest model request' }],
      );
    return fail(
      this.id,
      `${run.serverId}: the latest model request ${[
        missing.length ? `lacks ${missing.map((n) => `'${n}'`).join(', ')}` : '',
        extra.length ? `still offers ${extra.map((n) => `'${n}'`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' and ')}.`,
      [{ seq: request.afterSeq, note: `model request with [${[...offered].slice(0, 20).join(', ')}]` }],
      nearMissOf(missing, extra, request),
    );
  },
};
