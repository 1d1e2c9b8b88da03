import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { changeSignals, enumerations, listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { noChangeNotification } from '../unheard-change.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * After a change, the client enumerates again from page one: a listing that a change notification
 * interrupted may be finished, but a fresh page-one listing must follow and complete; and a cursor
 * from a listing that had already completed before the change is never used to "resume" (cursors
 * describe the old catalog, §11.1). A notification before the connection's first `tools/list` is
 * not judged (its first listing comes after it); neither is, for a client that lists per use
 * (`listsPerUse`), a notification no use of the tools followed.
 */
export const enumerationRestarted: Invariant = {
  id: 'change.enumeration-restarted',
  title:
    'After a change notification the client restarts the enumeration from page one (never resumes from an old cursor) and completes it.',
  source:
    'seed 002 (on change re-list from page one); spec digest §7 (restart without a cursor for a snapshot), §11.1; cases LC-04 E2',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: on a change, restart the enumeration from page one; cursors across a change are an open question (digest §11.1)`,
  },
  check(run) {
    let checked = 0;
    let signalsSeen = 0;
    for (const serverId of connectionIds(run)) {
      const registry = !listsPerUse(run, serverId);
      const frames = connectionFrames(run, serverId);
      const signals = changeSignals(frames);
      const exchanges = listExchanges(frames);
      const all = enumerations(exchanges);
      const uses = toolUses(run, serverId);
      for (const signal of signals) {
        signalsSeen += 1;
        // Before the first listing a signal outdates nothing: a complete listing after it is evidence, none is no fault.
        if (
          registry &&
          signal.seq < (exchanges[0]?.request.seq ?? Number.POSITIVE_INFINITY) &&
          !all.some((e) => e.pages[0]!.request.seq > signal.seq && e.complete)
        )
          continue;
        if (!registry && !uses.some((use) => use.from >= signal.seq)) continue;
        checked += 1;
        // The first list request after the signal either starts at page one or continues a listing
        // still in flight at the signal; continuing a listing finished before it is a resume.
        const firstAfter = exchanges.find((exchange) => exchange.request.seq > signal.seq);
        const before = all.filter((e) => e.pages[0]!.request.seq < signal.seq).at(-1);
        const lastBefore = before?.pages.filter((page) => page.request.seq < signal.seq).at(-1);
        const finishedBefore =
          lastBefore?.tools !== undefined &&
          lastBefore.nextCursor === undefined &&
          lastBefore.response!.seq < signal.seq;
        const resumed = firstAfter?.cursor !== undefined && finishedBefore ? firstAfter : undefined;
        if (resumed) {
          return fail(
            this.id,
            `${serverId}: after the change notification at #${signal.seq} the client resumed a finished listing with the old cursor ${JSON.stringify(resumed.cursor)}.`,
            [
              { seq: signal.seq, note: 'change notification' },
              { seq: resumed.request.seq, note: `tools/list with a cursor issued before the change` },
            ],
            'it re-read later pages of the old listing instead of starting again from page one',
          );
        }
        const fresh = all.filter((e) => e.pages[0]!.request.seq > signal.seq);
        if (fresh.some((e) => e.complete)) continue;
        const interrupted = all.find(
          (e) => e.pages[0]!.request.seq < signal.seq && (!e.complete || e.completedAtSeq! > signal.seq),
        );
        return fail(
          this.id,
          `${serverId}: no complete listing from page one began after the change notification at #${signal.seq}.`,
          [
            { seq: signal.seq, note: 'change notification' },
            ...(interrupted
              ? [
                  {
                    seq: interrupted.pages[0]!.request.seq,
                    note: 'the listing in flight when the change landed',
                  },
                ]
              : []),
            ...(fresh[0]
              ? [{ seq: fresh[0].pages[0]!.request.seq, note: 'a fresh listing that was not completed' }]
              : []),
          ],
          fresh[0]
            ? `restarted from page one but read only ${fresh[0].pages.length} page(s)`
            : interrupted
              ? 'the change arrived mid-listing; the client finished the old listing and never restarted'
              : 'no listing started after the notification',
        );
      }
    }
    // No notification: the client's doing when the catalog changed while it kept no channel open; else staging.
    if (signalsSeen === 0) return noChangeNotification(this.id, run);
    // Staging: nothing a notification could outdate (before the first listing, or no use followed).
    if (checked === 0)
      return inconclusive(
        this.id,
        `None of the ${signalsSeen} change notification(s) had anything to outdate: each came before the client first listed, or (a client listing per use) no use followed it.`,
      );
    return pass(
      this.id,
      `A fresh page-one enumeration completed after each of the ${checked} change notification(s).`,
    );
  },
};
