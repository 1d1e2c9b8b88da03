import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { state: 'string' }, required: ['state'] } as const;

/**
 * The discovery state the client last reported for this server is `state` (e.g. `authRequired`
 * once the token expired, not a reachability-only "connected"). Params: `state`.
 */
export const stateReported: Invariant = {
  id: 'state.reported',
  title: 'The client reports the discovery state the situation calls for.',
  source: 'seed 000 (discovery state machine; classify failures); cases AU-02 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: a discovery state machine with classified failures (host feature)`,
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const wanted = params.state as string;
    const last = run.observations
      .filter((o) => o.kind === 'server-state' && o.serverId === run.serverId)
      .at(-1);
    // Staging: the scenario never asked for the state (observe-state).
    if (last?.kind !== 'server-state')
      return inconclusive(this.id, 'The run never observed the discovery state.');
    const evidence = [
      { seq: last.afterSeq, note: `state ${last.state}${last.detail ? `: ${last.detail}` : ''}` },
    ];
    if (last.state === wanted) return pass(this.id, `${run.serverId} is reported ${wanted}.`, evidence);
    return fail(
      this.id,
      `${run.serverId} is reported ${last.state}, not ${wanted}.`,
      evidence,
      last.detail ?? 'no failure detail',
    );
  },
};
