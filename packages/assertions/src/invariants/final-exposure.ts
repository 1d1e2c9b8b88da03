import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { stepFrames } from '../tool-listings.js';
import { fail, pass } from '../verdict.js';

const SHAPE = {
  fields: { exactly: 'string[]', includes: 'string[]', excludes: 'string[]' },
  oneOf: ['exactly', 'includes', 'excludes'],
} as const;

/**
 * The scenario's expectation of the end state, stated by tool name: when the run ends the client
 * exposes `exactly` these tools of this server, or at least `includes` and none of `excludes`.
 * For runs where the server's full catalog is not the truth (a principal sees a subset).
 * Params: `exactly`, `includes`, `excludes` (tool names; at least one).
 */
export const finalExposure: Invariant = {
  id: 'registry.final-exposure',
  title: 'When the run ends, the client exposes the tools the scenario expects for this server.',
  source:
    'seed 000 (tool removal revokes exposure; auth-dependent list); cases LC-10 E1, LC-11 E1, AU-01 E3, AU-04 E1, RC-05 E1',
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const exposures = run.observations.filter((o) => o.kind === 'exposure');
    const last = exposures.at(-1);
    const names = new Set(
      last?.tools.filter((tool) => tool.serverId === run.serverId).map((tool) => tool.name) ?? [],
    );
    const exactly = params.exactly as string[] | undefined;
    const includes = [...((params.includes as string[] | undefined) ?? []), ...(exactly ?? [])];
    const excludes = (params.excludes as string[] | undefined) ?? [];
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
      ...(last ? [{ seq: last.afterSeq, note: `last exposure: [${[...names].join(', ')}]` }] : []),
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
      last
        ? `exposes ${names.size} tool(s): [${[...names].join(', ')}]`
        : 'the client never reported an exposure',
    );
  },
};
