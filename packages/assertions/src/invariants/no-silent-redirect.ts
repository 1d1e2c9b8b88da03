import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type CallMessage = { method?: string; params?: { name?: unknown } };

/**
 * No silent redirect to another tool: every `tools/call` that reaches the server names a tool the
 * harness actually asked the client to call on that connection, while that request was open. A
 * call for `delete_file` answered by running `delete_files` (or any "closest match") is a redirect.
 * Needs `call` observations with `startedAfterSeq`.
 */
export const noSilentRedirect: Invariant = {
  id: 'execution.no-silent-redirect',
  title: 'Every tools/call that reaches the server is for the exact tool name the caller asked for.',
  source: 'DESIGN (never redirect to a similar name); cases RM-03 E1, RM-04 E1',
  authority: { level: 'advice', basis: `${SEED_000}: never redirect a call to a similar name (host policy)` },
  check(run) {
    const calls = run.observations.filter((o) => o.kind === 'call');
    // Staging: the run made no call.
    if (calls.length === 0) return inconclusive(this.id, 'The run made no calls.');
    let checked = 0;
    for (const serverId of connectionIds(run)) {
      for (const frame of connectionFrames(run, serverId)) {
        const message = frame.message as CallMessage | undefined;
        if (frame.direction !== 'in' || message?.method !== 'tools/call') continue;
        const name = String(message.params?.name);
        checked += 1;
        const open = calls.filter(
          (c) => c.serverId === serverId && (c.startedAfterSeq ?? -1) < frame.seq && c.afterSeq >= frame.seq,
        );
        if (open.some((c) => c.toolName === name)) continue;
        const asked = open[0];
        return fail(
          this.id,
          asked
            ? `${serverId}: asked to call '${asked.toolName}', the client sent tools/call '${name}' at #${frame.seq}.`
            : `${serverId}: tools/call '${name}' at #${frame.seq} matches no call the caller made.`,
          [{ seq: frame.seq, note: `tools/call ${name}` }],
          asked
            ? `redirected '${asked.toolName}' to a similar name instead of reporting it unavailable`
            : 'a call nobody asked for',
        );
      }
    }
    // Staging: no call reached the server (a client may rightly refuse one).
    if (checked === 0) return inconclusive(this.id, 'No tools/call reached the server.');
    return pass(this.id, `All ${checked} tools/call(s) named the tool the caller asked for.`);
  },
};
