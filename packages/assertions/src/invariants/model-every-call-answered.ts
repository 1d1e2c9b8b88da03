import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * Every tool call the model makes gets a tool result back — the client never throws or hangs in
 * its place (an orphaned tool call bricks the conversation) — and a call to a tool that is not
 * available (a name the model's request did not offer, or a tool the server no longer has) comes
 * back as an error result, never as a fake success. Judged per server: the calls aimed at this
 * server's tools (the request entry the model chose, or the one of the name it called) and the
 * calls to names no request offered (every server judges those); inconclusive when there are none.
 */
export const modelEveryCallAnswered: Invariant = {
  id: 'model.every-call-answered',
  title: 'Each model tool call gets a tool result; a call to an unavailable tool gets an error result.',
  source: 'cases RM-04 E1, RM-01 E2, RM-03 E2, SC-06 E3',
  authority: { level: 'advice', basis: "the model provider's rule: every tool call gets a tool result" },
  check(run) {
    const calls = run.observations.filter((o) => o.kind === 'model-call');
    // Staging: the model made no call.
    if (calls.length === 0) return inconclusive(this.id, 'The model made no calls.');
    const requests = run.observations.filter((o): o is ModelRequest => o.kind === 'model-request');
    const catalog = new Set(run.finalCatalog.tools.map((tool) => tool.name));
    let judged = 0;
    for (const call of calls) {
      if (call.kind !== 'model-call') continue;
      const shown = requests.filter((r) => r.afterSeq <= (call.startedAfterSeq ?? call.afterSeq)).at(-1);
      const target = call.chosen ?? shown?.tools.find((tool) => tool.name === call.name);
      if (target && target.serverId !== run.serverId) continue;
      judged += 1;
      if (call.outcome.kind === 'crashed') {
        return fail(
          this.id,
          `The model's call to ${JSON.stringify(call.name)} got no tool result: the client failed with "${call.outcome.error}".`,
          [{ seq: call.afterSeq, note: 'model call' }],
          'the tool call is left without a result, so the next model request is malformed',
        );
      }
      // Available: the server ran it during the call, or (it did not run) the server still holds it.
      const ran = run.transcript.some(
        (frame) =>
          frame.direction === 'in' &&
          frame.seq > (call.startedAfterSeq ?? 0) &&
          frame.seq <= call.afterSeq &&
          (frame.message as { method?: string; params?: { name?: unknown } } | undefined)?.method ===
            'tools/call' &&
          (frame.message as { params?: { name?: unknown } }).params?.name === target?.toolName,
      );
      const unavailable = !target || (!ran && !catalog.has(target.toolName));
      if (unavailable && !call.outcome.isError) {
        return fail(
          this.id,
          `The model called ${JSON.stringify(call.name)}, which is not available, and got a success result.`,
          [{ seq: call.afterSeq, note: 'model call' }],
          'an unavailable tool must come back as an error the model can correct',
        );
      }
    }
    // Staging: no call concerned this server.
    if (judged === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: none of the ${calls.length} model call(s) was aimed at this server or at an unknown name.`,
      );
    return pass(this.id, `${run.serverId}: all ${judged} model call(s) aimed at it got a tool result.`);
  },
};
