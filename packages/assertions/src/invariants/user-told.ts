import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { fail, pass } from '../verdict.js';

const SHAPE = { fields: { mentions: 'string' }, required: ['mentions'] } as const;

/** The texts the client showed its user or model: warnings, state details, call errors and results. */
function shownTexts(
  observations: readonly Observation[],
  serverId: string,
): Array<{ seq: number; text: string }> {
  return observations.flatMap((o) => {
    switch (o.kind) {
      case 'warning':
        return o.serverId === serverId ? [{ seq: o.afterSeq, text: o.message }] : [];
      case 'server-state':
        return o.serverId === serverId ? [{ seq: o.afterSeq, text: `${o.state} ${o.detail ?? ''}` }] : [];
      case 'call':
        return o.serverId === serverId && !o.outcome.ok ? [{ seq: o.afterSeq, text: o.outcome.error }] : [];
      case 'model-call':
        return [{ seq: o.afterSeq, text: o.outcome.kind === 'result' ? o.outcome.text : o.outcome.error }];
      default:
        return [];
    }
  });
}

/**
 * The user (or the model) is told the specific thing the scenario names — e.g. the missing scope
 * `docs:admin` after a 403 step-up challenge — in a warning, a discovery state, or a call error.
 * Without `server:`, a multi-server run passes when the client said it about any of its servers.
 * Params: `mentions` (text that must appear).
 */
export const userTold: Invariant = {
  id: 'report.user-told',
  title: 'The client tells the user (or the model) the specific fact the situation calls for.',
  source: 'cases AU-01 E1, AU-02 E1, PG-02 E2',
  authority: { level: 'advice', basis: `${SEED_000}: tell the user what failed (host feature)` },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  // Told about any server of the run is told: a check no `server:` narrows needs one server to pass.
  acrossServers: 'any',
  check(run, params = {}) {
    const mentions = params.mentions as string;
    const texts = shownTexts(run.observations, run.serverId);
    const hit = texts.find((entry) => entry.text.includes(mentions));
    if (hit)
      return pass(this.id, `The client said "${hit.text.slice(0, 160)}".`, [
        { seq: hit.seq, note: 'shown to the user' },
      ]);
    return fail(
      this.id,
      `Nothing the client showed mentions "${mentions}".`,
      texts.slice(-3).map((entry) => ({ seq: entry.seq, note: entry.text.slice(0, 120) })),
      texts.length ? `it said: ${texts.at(-1)!.text.slice(0, 160)}` : 'it said nothing at all',
    );
  },
};
