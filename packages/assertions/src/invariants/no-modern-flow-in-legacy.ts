import type { Invariant } from '../invariant.js';
import { fail, pass } from '../verdict.js';

/** A legacy (2025-11-25) session never carries the modern subscription flow. */
export const noModernFlowInLegacy: Invariant = {
  id: 'era.no-modern-flow-in-legacy-session',
  title: 'Inside a legacy session the client never sends subscriptions/listen.',
  source: 'seed 002 (do not mix the modern subscription flow into a legacy session); digest §8',
  check(run) {
    const mixed = run.transcript.find(
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
    return pass(this.id, 'No modern subscription request was sent inside a legacy session.');
  },
};
