import { SEED_002 } from '../authority/authority.js';
import { neverListed } from '../client-left-unjudged.js';
import { unlessSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, negotiationOf } from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; params?: { notifications?: { toolsListChanged?: unknown } } };

/**
 * A modern client talking to a server that advertises `tools.listChanged` opens a
 * `subscriptions/listen` stream asking for `toolsListChanged` (change notifications are opt-in in
 * 2026-07-28; without a subscription the server has no way to tell it anything). Judged by the era
 * the client negotiated on the wire: a client that negotiated 2025-11-25 (even in a cell preferring
 * 2026-07-28) gets `list_changed` unsolicited, so the check is inconclusive for it. So is one whose
 * `server/discover` was answered but which then opened a 2025-11-25 session, the era in force at the
 * end: the transcript shows when the server answered, not when the answer reached the client, and a
 * client that gave up on the probe at its deadline falls back (spec §1.4: "a timeout means legacy").
 * Listening is opt-in: a client that never listed has nothing a notification could refresh
 * (inconclusive), and one that lists per use (`listsPerUse`: it used tools and reported no exposure)
 * passes when each use came after a page-one `tools/list` begun after the previous use.
 */
export const subscribesToToolChanges: Invariant = {
  id: 'modern.subscribes-to-tool-changes',
  judgesWireOnly: true,
  title: 'In the modern era the client opens subscriptions/listen with toolsListChanged: true.',
  source:
    'seed 002 (open a long-lived listen stream requesting toolsListChanged); spec 2026-07-28 subscriptions (digest §4.2)',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: open subscriptions/listen for toolsListChanged; 2026-07-28 leaves listening to the client (notifications are opt-in)`,
  },
  check(run) {
    const notModern = unlessSpoken(run, 'modern', this.id);
    if (notModern) return notModern;
    const negotiation = negotiationOf(run);
    const inForce = negotiation.attempts.filter((attempt) => attempt.outcome === 'accepted').at(-1);
    if (negotiation.era === 'legacy' && inForce) {
      // Not applicable: the era in force at the end is 2025-11-25 (a probe answered after its deadline).
      return inconclusive(
        this.id,
        `${run.serverId}: the client's 2026-07-28 request was answered, but it then negotiated 2025-11-25 (initialize #${inForce.seq}), the era in force at the end (a probe answer that came after its deadline), so this 2026-07-28 check does not apply.`,
        [{ seq: inForce.seq, note: 'legacy era negotiated last' }],
        { cause: 'not-applicable' },
      );
    }
    const frames = connectionFrames(run, run.serverId);
    const listen = frames.find((frame) => {
      const message = frame.message as Message | undefined;
      return frame.direction === 'in' && message?.method === 'subscriptions/listen';
    });
    const exchanges = listExchanges(frames);
    // Neither subscribed nor listed: the client's doing when the run used the tools; else staging
    // (nothing a missed notification could leave stale).
    if (!listen && exchanges.length === 0) return neverListed(this.id, run, 'it never subscribed either');
    if (!listen && listsPerUse(run, run.serverId)) {
      const uses = toolUses(run, run.serverId);
      const pageOnes = exchanges.filter((exchange) => exchange.cursor === undefined);
      let previous = 0;
      for (const use of uses) {
        const fresh = pageOnes.find(
          (exchange) => exchange.request.seq > previous && exchange.request.seq <= use.seq,
        );
        if (!fresh)
          return fail(
            this.id,
            `${run.serverId}: the client never opened subscriptions/listen, and its ${use.what} (by #${use.seq}) came without a fresh tools/list since its previous use.`,
            [],
            'without a subscription, only listing afresh before every use keeps the tool set current',
          );
        previous = use.seq;
      }
      return pass(
        this.id,
        `${run.serverId}: the client does not subscribe, but keeps no registry (no exposure reported) and listed afresh before each of its ${uses.length} use(s).`,
      );
    }
    if (!listen) {
      const firstList = frames.find(
        (frame) =>
          frame.direction === 'in' && (frame.message as Message | undefined)?.method === 'tools/list',
      );
      return fail(
        this.id,
        `${run.serverId}: the client negotiated 2026-07-28 but never opened subscriptions/listen, so no change notification could reach it.`,
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
