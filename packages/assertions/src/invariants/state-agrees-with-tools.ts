import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, type Observation } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

type State = Extract<Observation, { kind: 'server-state' }>;
type Exposure = Extract<Observation, { kind: 'exposure' }>;

/** States in which a server contributes no tools (its last-known snapshot is kept apart). */
const FAILURE_STATES: ReadonlySet<string> = new Set(['authRequired', 'incompatible', 'failed']);

/**
 * The discovery state the host reports for this server agrees with the tools it offers at that
 * moment (its latest exposure before the report): `ready` means the server's verified tools are
 * offered (some of them, when its latest complete listing before the report had any); a failure
 * state (`authRequired`, `incompatible`, `failed`) means none of its tools is offered (discovery is
 * not authorization: a server the user must re-authorize contributes nothing callable). Other
 * states (`loading`, `stale`, `refreshing`, `unknown`) are not judged. Inconclusive (staging) when
 * the client reported no state, or only states not judged.
 * @see ../shared/DESIGN.md (states per server; last known apart from currently verified)
 */
export const stateAgreesWithTools: Invariant = {
  id: 'state.agrees-with-tools',
  title: 'The discovery state the host reports for a server agrees with the tools it offers from it.',
  source:
    'seed 000 (an empty list and a failed discovery are not the same state); DESIGN (states per server); issue 26',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: the discovery state a host shows agrees with the tools it offers (host feature)`,
  },
  check(run) {
    const complete = enumerations(listExchanges(connectionFrames(run, run.serverId))).filter(
      (e) => e.complete,
    );
    let judged = 0;
    let exposure: Exposure | undefined;
    for (const observation of run.observations) {
      if (observation.kind === 'exposure') {
        exposure = observation;
        continue;
      }
      if (observation.kind !== 'server-state' || observation.serverId !== run.serverId) continue;
      const state = observation as State;
      const offered = (exposure?.tools ?? []).filter((tool) => tool.serverId === run.serverId);
      const evidence = [
        { seq: state.afterSeq, note: `reported ${state.state}${state.detail ? `: ${state.detail}` : ''}` },
        ...(exposure ? [{ seq: exposure.afterSeq, note: `offering ${offered.length} of its tool(s)` }] : []),
      ];
      if (state.state === 'ready') {
        judged += 1;
        const listed = complete.filter((e) => e.completedAtSeq! <= state.afterSeq).at(-1);
        const had = new Set(
          listed?.pages.flatMap((page) => (page.tools ?? []).map((tool) => tool.name)) ?? [],
        );
        if (had.size > 0 && offered.length === 0)
          return fail(
            this.id,
            `${run.serverId}: the host reports it ready but offers none of its tools (its latest listing held ${had.size}).`,
            [
              ...evidence,
              ...(listed ? [{ seq: listed.completedAtSeq!, note: 'latest complete listing' }] : []),
            ],
            'a ready server with no tools offered looks like an empty one: the user cannot tell a failure from nothing',
          );
      } else if (FAILURE_STATES.has(state.state)) {
        judged += 1;
        if (offered.length > 0)
          return fail(
            this.id,
            `${run.serverId}: the host reports it ${state.state} but still offers ${offered.length} of its tool(s) (${offered
              .slice(0, 3)
              .map((tool) => `'${tool.name}'`)
              .join(', ')}).`,
            evidence,
            'a server in a failure state contributes nothing callable; its last-known tools are kept apart',
          );
      }
    }
    // Staging: the client reported no state this check judges.
    if (judged === 0)
      return inconclusive(this.id, `${run.serverId}: the client reported no ready or failure state for it.`);
    return pass(this.id, `${run.serverId}: each of ${judged} state report(s) agreed with the tools offered.`);
  },
};
