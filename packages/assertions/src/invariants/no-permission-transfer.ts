import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type CallMessage = { method?: string; params?: { name?: unknown } };

/**
 * Permissions are keyed by the full identity `(serverId, toolName)`: a `tools/call` reaches a
 * server only after the user granted exactly that identity (asked before the call, or a standing
 * rule). A grant for `work/send_email` that lets `personal/send_email` run unasked is a transfer.
 * Needs `permission` observations; runs whose user never granted anything are inconclusive.
 */
export const noPermissionTransfer: Invariant = {
  id: 'permissions.no-transfer-across-servers',
  title: 'A tool call runs only under a permission granted for its own (serverId, toolName).',
  source:
    'DESIGN (permissions are a separate layer keyed by identity); seed 000 (identity is (serverId, toolName)); cases NM-04',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: permissions are keyed by (server, tool) identity (host policy)`,
  },
  check(run) {
    const permissions = run.observations.filter((o) => o.kind === 'permission');
    // Staging: the user granted or refused nothing (the scenario's shape, or a client that never asks).
    if (permissions.length === 0)
      return inconclusive(this.id, 'The user granted or refused nothing in this run.');
    let checked = 0;
    for (const serverId of connectionIds(run)) {
      for (const frame of connectionFrames(run, serverId)) {
        const message = frame.message as CallMessage | undefined;
        if (frame.direction !== 'in' || message?.method !== 'tools/call') continue;
        const toolName = String(message.params?.name);
        checked += 1;
        const own = permissions.filter(
          (p) => p.serverId === serverId && p.toolName === toolName && p.afterSeq < frame.seq,
        );
        if (own.at(-1)?.granted) continue;
        const elsewhere = permissions.find(
          (p) => p.toolName === toolName && p.serverId !== serverId && p.granted && p.afterSeq < frame.seq,
        );
        return fail(
          this.id,
          `${serverId}/${toolName} ran at #${frame.seq} without a permission for that identity${elsewhere ? ` (the user had approved ${elsewhere.serverId}/${toolName})` : ''}.`,
          [
            ...(elsewhere
              ? [{ seq: elsewhere.afterSeq, note: `grant for ${elsewhere.serverId}/${toolName}` }]
              : []),
            { seq: frame.seq, note: `tools/call ${toolName} on ${serverId}` },
          ],
          own.length > 0
            ? 'the user refused this identity and the call ran anyway'
            : elsewhere
              ? 'the permission was keyed by tool name alone, so it carried over to another server'
              : 'the client never asked the user',
        );
      }
    }
    // Staging: no call reached the server (declining is judged by the call checks).
    if (checked === 0) return inconclusive(this.id, 'No tools/call reached the server.');
    return pass(this.id, `Each of ${checked} tools/call(s) ran under a permission for its own identity.`);
  },
};
