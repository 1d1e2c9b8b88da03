import { callAnswerSeq } from '../call-answer.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/**
 * Calls the scenario makes to this server's tools, while the server offers them, succeed through
 * the client (the client can use what the server exposes). A call to a tool the server neither
 * listed before the call ended nor holds at the end is not judged: refusing it is right.
 */
export const callsSucceed: Invariant = {
  id: 'calls.current-tools-callable',
  title: 'A call to a tool the server currently offers succeeds through the client.',
  source: 'cases LC-06 E2, RM-01 E1, PG-01 E2',
  authority: {
    level: 'advice',
    basis:
      'robustness: a tool the server offers can be called through the client; which clause a failure breaks, if any, depends on its cause',
  },
  check(run) {
    const calls = run.observations.filter((o) => o.kind === 'call' && o.serverId === run.serverId);
    // Staging: the scenario made no call to this server.
    if (calls.length === 0)
      return inconclusive(this.id, `${run.serverId}: the scenario made no calls to it.`);
    const answers = listExchanges(connectionFrames(run, run.serverId)).filter((e) => e.tools && e.response);
    const current = new Set(run.finalCatalog.tools.map((tool) => tool.name));
    const offered = (name: string, bySeq: number) =>
      current.has(name) ||
      answers.some((e) => e.response!.seq <= bySeq && e.tools!.some((tool) => tool.name === name));
    const evidence: FrameRef[] = [];
    for (const call of calls) {
      if (call.kind !== 'call' || !offered(call.toolName, call.afterSeq)) continue;
      if (!call.outcome.ok) {
        return fail(
          this.id,
          `${run.serverId}: calling '${call.toolName}' failed: ${call.outcome.error}`,
          [{ seq: call.afterSeq, note: `call to ${call.toolName}` }],
          'the server offers the tool but the client would not (or could not) call it',
        );
      }
      evidence.push({ seq: callAnswerSeq(run.transcript, call), note: `call to ${call.toolName} succeeded` });
    }
    // Staging: the scenario called only tools this server never offered (another server's, in a multi-server run).
    if (evidence.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: none of the ${calls.length} call(s) named a tool the server offered.`,
      );
    return pass(this.id, `${run.serverId}: ${evidence.length} call(s) succeeded.`, evidence);
  },
};
