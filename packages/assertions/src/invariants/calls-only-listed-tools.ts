import { SEED_000 } from '../authority/authority.js';
import { callWindow } from '../call-window.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds, type Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type CallMessage = { method?: string; params?: { name?: unknown } };
type Exposure = Extract<Observation, { kind: 'exposure' }>;

/**
 * The client calls only tools it has listed: every `tools/call` that reaches the server names a
 * tool the client exposed for that connection when the call was made (the exposure in force when
 * the call was handed to it, or a newer one before the request left). Forwarding a name the model
 * made up, or one removed since, is the violation; the client should answer the model itself.
 */
export const callsOnlyListedTools: Invariant = {
  id: 'execution.calls-only-listed-tools',
  title: 'Every tools/call names a tool the client had listed (and exposed) for that server at the time.',
  source: 'cases RM-03 E1 (no tools/call for a never-listed tool reaches the server), RM-01 E2, RM-04 E1',
  authority: { level: 'advice', basis: `${SEED_000}: a host calls only tools it listed (host policy)` },
  check(run) {
    const exposures = run.observations.filter((o): o is Exposure => o.kind === 'exposure');
    const calls = run.observations.filter((o) => o.kind === 'call');
    let checked = 0;
    for (const serverId of connectionIds(run)) {
      for (const frame of connectionFrames(run, serverId)) {
        const message = frame.message as CallMessage | undefined;
        if (frame.direction !== 'in' || message?.method !== 'tools/call') continue;
        const name = String(message.params?.name);
        const call = calls.find(
          (c) =>
            c.serverId === serverId &&
            c.toolName === name &&
            (c.startedAfterSeq ?? frame.seq - 1) < frame.seq &&
            c.afterSeq >= frame.seq,
        );
        const opensAt = call?.startedAfterSeq ?? frame.seq - 1;
        const window = callWindow(exposures, opensAt, frame.seq);
        if (window.length === 0) continue;
        checked += 1;
        if (window.some((e) => e.tools.some((t) => t.serverId === serverId && t.name === name))) continue;
        const last = window.at(-1)!;
        return fail(
          this.id,
          `${serverId}: tools/call '${name}' at #${frame.seq} names a tool the client did not list.`,
          [
            {
              seq: last.afterSeq,
              note: `exposed: [${last.tools
                .filter((t) => t.serverId === serverId)
                .map((t) => t.name)
                .join(', ')}]`,
            },
            { seq: frame.seq, note: `tools/call ${name}` },
          ],
          'forwarded the name to the server instead of telling the caller the tool is unavailable',
        );
      }
    }
    // Staging: no call reached the server after an exposure (answering the caller itself is right here).
    if (checked === 0) return inconclusive(this.id, 'No tools/call reached the server after an exposure.');
    return pass(this.id, `All ${checked} tools/call(s) named a listed tool.`);
  },
};
