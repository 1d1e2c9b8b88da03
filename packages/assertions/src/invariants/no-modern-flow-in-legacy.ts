import { unlessSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * A legacy (2025-11-25) session never carries the modern subscription flow. Judged when the client
 * negotiated 2025-11-25 on the wire (in any cell: a modern-preferring client that fell back, or a
 * client picking legacy on a dual-era endpoint); inconclusive for a client that never opened a
 * legacy session, and when no frame carried an `Mcp-Session-Id` (nothing could be mixed into one).
 * @see ../shared/spec/mcp-discovery-spec.md §8 (change signal), §1.4
 */
export const noModernFlowInLegacy: Invariant = {
  id: 'era.no-modern-flow-in-legacy-session',
  title: 'Inside a legacy session the client never sends subscriptions/listen.',
  source: 'seed 002 (do not mix the modern subscription flow into a legacy session); digest §8',
  check(run) {
    const notLegacy = unlessSpoken(run, 'legacy', this.id);
    if (notLegacy) return notLegacy;
    const frames = connectionFrames(run, run.serverId);
    const sessions = new Set(
      frames.flatMap((frame) =>
        frame.direction === 'in' && frame.sessionId !== undefined ? [frame.sessionId] : [],
      ),
    );
    const mixed = frames.find(
      (frame) =>
        frame.direction === 'in' &&
        frame.sessionId !== undefined &&
        (frame.message as { method?: string } | undefined)?.method === 'subscriptions/listen',
    );
    if (mixed) {
      return fail(
        this.id,
        `subscriptions/listen was sent inside legacy session ${mixed.sessionId}.`,
        [{ seq: mixed.seq, note: 'subscriptions/listen with Mcp-Session-Id' }],
        'legacy sessions receive notifications/tools/list_changed unsolicited on the GET stream',
      );
    }
    // Staging: legacy was spoken (unlessSpoken) but no session id was recorded (stdio/in-memory carry none).
    if (sessions.size === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: the client opened no legacy session with an Mcp-Session-Id.`,
      );
    return pass(
      this.id,
      `${run.serverId}: no subscriptions/listen was sent inside any of the ${sessions.size} legacy session(s).`,
    );
  },
};
