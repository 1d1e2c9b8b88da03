import type { Invariant } from '../invariant.js';
import { fail, inconclusive, pass } from '../verdict.js';

/** Calls the scenario makes to tools the server currently offers succeed (the client can use what it exposes). */
export const callsSucceed: Invariant = {
  id: 'calls.current-tools-callable',
  title: 'A call to a tool the server currently offers succeeds through the client.',
  source: 'cases LC-06 E2, RM-01 E1, PG-01 E2',
  check(run) {
    const calls = run.observations.filter((o) => o.kind === 'call');
    if (calls.length === 0) return inconclusive(this.id, 'The scenario made no calls.');
    for (const call of calls) {
      if (!call.outcome.ok) {
        return fail(
          this.id,
          `Calling '${call.toolName}' failed: ${call.outcome.error}`,
          [{ seq: call.afterSeq, note: `call to ${call.toolName}` }],
          'the tool is in the server catalog but the client would not (or could not) call it',
        );
      }
    }
    return pass(this.id, `${calls.length} call(s) succeeded.`);
  },
};
