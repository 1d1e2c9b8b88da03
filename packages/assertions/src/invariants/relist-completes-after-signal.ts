import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { changeSignals, enumerations, listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { laterChangeUnheard, noChangeNotification } from '../unheard-change.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * After each change notification to this connection (once the client had listed), the client
 * completes a listing that began after the notification: re-reading only page one, or finishing a
 * listing begun before the change, is not enough. A client that lists per use (`listsPerUse`) is
 * judged at its uses: the listing must have completed before the first use after the notification;
 * a notification no use followed is not judged.
 */
export const relistCompletesAfterSignal: Invariant = {
  id: 'change.relist-completes-after-signal',
  judgesWireOnly: true,
  title:
    'After each change notification, a complete listing that started after it (page one to last page) follows.',
  source: 'seed 002 (follow nextCursor until complete, restart enumeration after a change); digest §11.1',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: after a change, follow nextCursor until the new listing is complete`,
  },
  check(run) {
    const frames = connectionFrames(run, run.serverId);
    const signals = changeSignals(frames);
    // No notification: the client's doing when the catalog changed while it kept no channel open; else staging.
    if (signals.length === 0) return noChangeNotification(this.id, run);
    const exchanges = listExchanges(frames);
    const all = enumerations(exchanges);
    const registry = !listsPerUse(run, run.serverId);
    const firstList = exchanges[0]?.request.seq ?? Number.POSITIVE_INFINITY;
    const uses = toolUses(run, run.serverId);
    let judged = 0;
    for (const signal of signals) {
      const use = registry ? undefined : uses.find((candidate) => candidate.from >= signal.seq);
      if (!registry && !use) continue;
      const after = all.filter((e) => e.pages[0]!.request.seq > signal.seq);
      // Before the first listing a signal outdates nothing: a complete listing after it is evidence, none is no fault.
      if (registry && signal.seq < firstList && !after.some((e) => e.complete)) continue;
      judged += 1;
      if (after.some((e) => e.complete && (use === undefined || e.completedAtSeq! <= use.seq))) continue;
      const partial = after[0];
      return fail(
        this.id,
        `${run.serverId}: no complete listing began after the change notification at #${signal.seq}${use ? ` and ended before the ${use.what}` : ''}.`,
        [
          { seq: signal.seq, note: 'change notification' },
          ...(partial
            ? [{ seq: partial.pages[0]!.request.seq, note: 'a listing began here but was not completed' }]
            : []),
        ],
        partial
          ? partial.complete
            ? `re-listed all ${partial.pages.length} page(s), but only after the ${use!.what}`
            : `re-listed ${partial.pages.length} page(s) but did not follow the last nextCursor`
          : 'no listing started after the notification',
      );
    }
    // Staging: every notification came before the first listing, or (listing per use) no use followed it.
    if (judged === 0)
      return inconclusive(
        this.id,
        registry
          ? `${run.serverId}: each of the ${signals.length} change notification(s) came before the client first listed: nothing to re-list.`
          : `${run.serverId}: the client lists per use and used no tool after the ${signals.length} change notification(s).`,
      );
    const unheard = laterChangeUnheard(this.id, run);
    if (unheard) return unheard;
    return pass(
      this.id,
      `${run.serverId}: a complete fresh listing followed each of the ${judged} change notification(s)${registry ? '' : ' before the next use'}.`,
    );
  },
};
