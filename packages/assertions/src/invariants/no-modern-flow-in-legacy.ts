import { unlessSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, negotiationOf } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * A legacy (2025-11-25) session never carries the modern subscription flow. Judged when the client
 * negotiated 2025-11-25 on the wire (in any cell: a modern-preferring client that fell back, or a
 * client picking legacy on a dual-era endpoint). A legacy session is an `Mcp-Session-Id` over HTTP,
 * or, on stdio and in-memory, the connection an accepted `initialize` made legacy (from then on).
 * Inconclusive for a client that opened no legacy session at all (nothing could be mixed into one).
 * @see ../shared/spec/mcp-discovery-spec.md §8 (change signal), §1.4
 */
export const noModernFlowInLegacy: Invariant = {
  id: 'era.no-modern-flow-in-legacy-session',
  title: 'Inside a legacy session the client never sends subscriptions/listen.',
  source: 'seed 002 (do not mix the modern subscription flow into a legacy session); digest §8',
  authority: {
    byEra: {
      legacy: { level: 'must', clauses: ['legacy-negotiated-only'] },
      modern: { level: 'advice', basis: 'judged only inside a 2025-11-25 session' },
    },
  },
  check(run) {
    const notLegacy = unlessSpoken(run, 'legacy', this.id);
    if (notLegacy) return notLegacy;
    const frames = connectionFrames(run, run.serverId);
    // stdio / in-memory: a connection is a legacy session from its accepted initialize on.
    const legacyConnections = new Map(
      negotiationOf(run)
        .attempts.filter((attempt) => attempt.era === 'legacy' && attempt.outcome === 'accepted')
        .flatMap((attempt) => {
          const streamId = frames.find((frame) => frame.seq === attempt.seq)?.streamId;
          return streamId && !streamId.startsWith('post-') ? [[streamId, attempt.seq] as const] : [];
        }),
    );
    const sessionOf = (frame: (typeof frames)[number]) =>
      frame.sessionId ??
      ((legacyConnections.get(frame.streamId) ?? Number.POSITIVE_INFINITY) < frame.seq
        ? frame.streamId
        : undefined);
    const sessions = new Set(
      frames.flatMap((frame) => {
        const session = frame.direction === 'in' ? sessionOf(frame) : undefined;
        return session === undefined ? [] : [session];
      }),
    );
    for (const streamId of legacyConnections.keys()) sessions.add(streamId);
    const mixed = frames.find(
      (frame) =>
        frame.direction === 'in' &&
        sessionOf(frame) !== undefined &&
        (frame.message as { method?: string } | undefined)?.method === 'subscriptions/listen',
    );
    if (mixed) {
      return fail(
        this.id,
        `subscriptions/listen was sent inside legacy session ${sessionOf(mixed)}.`,
        [
          {
            seq: mixed.seq,
            note: mixed.sessionId
              ? 'subscriptions/listen with Mcp-Session-Id'
              : 'subscriptions/listen on a legacy connection',
          },
        ],
        'legacy sessions receive notifications/tools/list_changed unsolicited on the GET stream',
      );
    }
    // Staging: legacy was spoken (unlessSpoken) but no session was opened on this record.
    if (sessions.size === 0)
      return inconclusive(this.id, `${run.serverId}: the client opened no legacy session.`);
    return pass(
      this.id,
      `${run.serverId}: no subscriptions/listen was sent inside any of the ${sessions.size} legacy session(s).`,
    );
  },
};
