import type { Invariant } from '../invariant.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; params?: { notifications?: { toolsListChanged?: unknown } } };

/**
 * A modern client talking to a server that advertises `tools.listChanged` opens a
 * `subscriptions/listen` stream asking for `toolsListChanged` (change notifications are opt-in in
 * 2026-07-28; without a subscription the server has no way to tell it anything). A client that
 * opened a 2025-11-25 session instead (`initialize`) is not a modern client on that session: the
 * rule does not apply (inconclusive) and the legacy invariants judge it. A client in a modern cell
 * falls back to `initialize` when its `server/discover` probe gets no usable answer in time (spec
 * §1.4: "a timeout means legacy"), and the server's transcript cannot show whether an answer reached
 * the client before its deadline, or whether a probe given up on in transit was sent at all.
 */
export const subscribesToToolChanges: Invariant = {
  id: 'modern.subscribes-to-tool-changes',
  title: 'In the modern era the client opens subscriptions/listen with toolsListChanged: true.',
  source:
    'seed 002 (open a long-lived listen stream requesting toolsListChanged); spec 2026-07-28 subscriptions (digest §4.2)',
  check(run) {
    if (run.era !== 'modern') return inconclusive(this.id, 'Only applies to the modern era.');
    const initialize = run.transcript.find(
      (frame) => frame.direction === 'in' && (frame.message as Message | undefined)?.method === 'initialize',
    );
    if (initialize) {
      return inconclusive(
        this.id,
        `The client opened a 2025-11-25 session (initialize #${initialize.seq}): it negotiated 2025-11-25, where the legacy rules apply (a client falls back when its server/discover probe gets no usable answer in time).`,
      );
    }
    const listen = run.transcript.find((frame) => {
      const message = frame.message as Message | undefined;
      return frame.direction === 'in' && message?.method === 'subscriptions/listen';
    });
    if (!listen) {
      const firstList = run.transcript.find(
        (frame) =>
          frame.direction === 'in' && (frame.message as Message | undefined)?.method === 'tools/list',
      );
      return fail(
        this.id,
        'The client never opened subscriptions/listen, so no change notification could reach it.',
        firstList ? [{ seq: firstList.seq, note: 'the client listed tools but did not subscribe' }] : [],
        'the server advertises tools.listChanged; 2026-07-28 clients must opt in with subscriptions/listen',
      );
    }
    const asked = (listen.message as Message).params?.notifications?.toolsListChanged === true;
    if (!asked) {
      return fail(this.id, 'The client subscribed without asking for toolsListChanged.', [
        { seq: listen.seq, note: 'subscriptions/listen' },
      ]);
    }
    return pass(this.id, 'The client subscribed to tool list changes.', [
      { seq: listen.seq, note: 'subscriptions/listen' },
    ]);
  },
};
