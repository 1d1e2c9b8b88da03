import { SEED_000 } from '../authority/authority.js';
import { noExposure } from '../client-left-unjudged.js';
import { duplicateNamesVerdict } from '../duplicate-names.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { namesForServer } from '../server-tool-names.js';
import { stepFrames } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = {
  fields: { exactly: 'string[]', includes: 'string[]', excludes: 'string[]' },
  oneOf: ['exactly', 'includes', 'excludes'],
} as const;

/**
 * The scenario's expectation of the end state, stated by tool name: when the run ends the client
 * exposes `exactly` these tools of this server, or at least `includes` and none of `excludes`.
 * For runs where the server's full catalog is not the truth (a principal sees a subset).
 * A name exposed twice fails; a client that reported no exposure at all is judged by `noExposure`
 * (a tool set that failed to build fails); a
 * name this server never offered nor holds is, in a run with several servers, left to the one that did (a check no `server:`
 * narrows runs on every server).
 * Params: `exactly`, `includes`, `excludes` (tool names; at least one).
 */
export const finalExposure: Invariant = {
  id: 'registry.final-exposure',
  title: 'When the run ends, the client exposes the tools the scenario expects for this server.',
  source:
    'seed 000 (tool removal revokes exposure; auth-dependent list); cases LC-10 E1, LC-11 E1, AU-01 E3, AU-04 E1, RC-05 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: the host exposes what the server currently offers this principal`,
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    const last = exposures.at(-1);
    // No exposure: a tool set that failed to build fails (issue 26); otherwise noExposure decides
    // whether it is the client's doing (it never listed though the run used the tools, or reported
    // no tool set from a complete listing) or staging (it lists per use; no listing completed).
    if (!last) return noExposure(this.id, run);
    const listed = last.tools.filter((tool) => tool.serverId === run.serverId).map((tool) => tool.name);
    const duplicated = duplicateNamesVerdict(
      this.id,
      run.serverId,
      listed,
      `the last exposure (after #${last.afterSeq})`,
      last.afterSeq,
    );
    if (duplicated) return duplicated;
    const names = new Set(listed);
    // A name this server never offered nor holds is another server's (an unnarrowed check runs on each).
    const mine = namesForServer(run);
    const mineOf = (list: unknown) => (list as string[] | undefined)?.filter(mine);
    const exactly = mineOf(params.exactly);
    const includes = [...(mineOf(params.includes) ?? []), ...(exactly ?? [])];
    const excludes = mineOf(params.excludes) ?? [];
    // Staging: in a multi-server run, none of the names is this server's (another server's record judges them).
    if (includes.length === 0 && excludes.length === 0 && (exactly === undefined || exactly.length === 0))
      return inconclusive(
        this.id,
        `${run.serverId}: none of the expected tool names is one this server offered or holds.`,
      );
    const missing = includes.filter((name) => !names.has(name));
    const extra = [
      ...excludes.filter((name) => names.has(name)),
      ...(exactly ? [...names].filter((name) => !exactly.includes(name)) : []),
    ];
    const evidence = [
      ...stepFrames(run.transcript).map((frame) => ({
        seq: frame.seq,
        note: frame.note ?? `step ${frame.step}`,
      })),
      { seq: last.afterSeq, note: `last exposure: [${[...names].join(', ')}]` },
    ];
    if (missing.length === 0 && extra.length === 0)
      return pass(
        this.id,
        `The client ends exposing the expected ${names.size} tool(s) of ${run.serverId}.`,
        evidence.slice(-1),
      );
    const parts = [
      missing.length ? `missing ${missing.map((n) => `'${n}'`).join(', ')}` : '',
      extra.length
        ? `exposing ${[...new Set(extra)].map((n) => `'${n}'`).join(', ')}, which it should not`
        : '',
    ].filter(Boolean);
    return fail(
      this.id,
      `At the end of the run ${run.serverId} ${parts.join('; ')}.`,
      evidence,
      `exposes ${names.size} tool(s): [${[...names].join(', ')}]`,
    );
  },
};
