import type { Invariant } from '../invariant.js';
import type { Observation } from '../run-record.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; params?: { name?: unknown } };
type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * A model's call reaches exactly the tool it picked, seen from this record's server: when the name
 * the model called stands (in the model request it was shown) for a tool of this server, this server
 * gets a `tools/call` with that tool's original MCP name while the call runs; otherwise (another
 * server's tool, or a name the request never offered) this server gets no `tools/call` at all.
 * Apply it to every server of a multi-server scenario. Needs `startedAfterSeq` on model calls.
 */
export const modelCallsRouted: Invariant = {
  id: 'model.calls-routed',
  title:
    'Each model call runs exactly the (server, tool) behind the name the model picked; nothing else runs.',
  source: 'seed 000 (aliases keep a reverse map; no silent redirect); cases NM-01 E2, NM-04 E2, RM-03 E1',
  check(run) {
    const calls = run.observations.filter((o) => o.kind === 'model-call');
    if (calls.length === 0) return inconclusive(this.id, 'The model made no calls.');
    const requests = run.observations.filter((o): o is ModelRequest => o.kind === 'model-request');
    const evidence: FrameRef[] = [];
    for (const call of calls) {
      if (call.kind !== 'model-call') continue;
      const shown = requests
        .filter((request) => request.afterSeq <= (call.startedAfterSeq ?? call.afterSeq))
        .at(-1);
      const target = shown?.tools.find((tool) => tool.name === call.name);
      const mine = target !== undefined && target.serverId === run.serverId;
      const frames = run.transcript.filter(
        (frame) =>
          frame.direction === 'in' &&
          frame.seq > (call.startedAfterSeq ?? 0) &&
          frame.seq <= call.afterSeq &&
          (frame.message as Message | undefined)?.method === 'tools/call',
      );
      const named = (frame: (typeof frames)[number]) => String((frame.message as Message).params?.name);
      const label = target
        ? `${JSON.stringify(call.name)} (${target.serverId}/${target.toolName})`
        : `${JSON.stringify(call.name)}, a name its request did not offer`;
      if (mine) {
        const hit = frames.find((frame) => named(frame) === target.toolName);
        const stray = frames.find((frame) => named(frame) !== target.toolName);
        if (!hit || stray) {
          return fail(
            this.id,
            `The model called ${label}, but ${run.serverId} received ${stray ? `tools/call '${named(stray)}'` : 'no tools/call for it'}.`,
            stray
              ? [{ seq: stray.seq, note: `tools/call ${named(stray)}` }]
              : [{ seq: call.afterSeq, note: 'model call ended' }],
            call.outcome.kind === 'result' && call.outcome.isError
              ? `the client answered the model with an error instead: ${call.outcome.text.slice(0, 120)}`
              : 'the call was routed to another tool',
          );
        }
        evidence.push({ seq: hit.seq, note: `ran ${target.toolName} for ${call.name}` });
      } else if (frames.length > 0) {
        const frame = frames[0]!;
        return fail(
          this.id,
          `The model called ${label}, and ${run.serverId} received tools/call '${named(frame)}'.`,
          [{ seq: frame.seq, note: `tools/call ${named(frame)} on ${run.serverId}` }],
          target
            ? 'the call was routed to the wrong server (a same-named tool shadowed the picked one)'
            : 'an unknown name was forwarded to the server instead of being refused locally',
        );
      }
    }
    return pass(
      this.id,
      `${calls.length} model call(s): ${run.serverId} ran exactly the ones aimed at it.`,
      evidence,
    );
  },
};
