import type { Invariant } from '../invariant.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; params?: { notifications?: { toolsListChanged?: unknown } } };

/**
 * A modern client talking to a server that advertises `tools.listChanged` opens a
 * `subscriptions/listen` stream asking for `toolsListChanged` (change notifications are opt-in in
 * 2026-07-28; without a subscription the server has no way to tell it anything).
 */
export const subscribesToToolChanges: Invariant = {
  id: 'modern.subscribes-to-tool-changes',
  title: 'In the modern era the client opens subscriptions/listen with toolsListChanged: true.',
  source:
    'seed 002 (open a long-lived listen stream requesting toolsListChanged); spec 2026-07-28 subscriptions (digest §4.2)',
  check(run) {
    if (run.era !== 'modern') return inconclusive(this.id, 'Only applies to the modern era.');
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
