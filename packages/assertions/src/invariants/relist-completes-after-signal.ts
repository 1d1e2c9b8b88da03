import type { Invariant } from '../invariant.js';
import { changeSignals, enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/**
 * After each change notification, the client completes a listing that began after the notification:
 * re-reading only page one, or finishing a listing begun before the change, is not enough.
 */
export const relistCompletesAfterSignal: Invariant = {
  id: 'change.relist-completes-after-signal',
  title:
    'After each change notification, a complete listing that started after it (page one to last page) follows.',
  source: 'seed 002 (follow nextCursor until complete, restart enumeration after a change); digest §11.1',
  check(run) {
    const signals = changeSignals(run.transcript);
    if (signals.length === 0)
      return inconclusive(this.id, 'The server sent no change notification in this run.');
    const all = enumerations(listExchanges(run.transcript));
    for (const signal of signals) {
      const after = all.filter((e) => e.pages[0]!.request.seq > signal.seq);
      if (after.some((e) => e.complete)) continue;
      const partial = after[0];
      return fail(
        this.id,
        `No complete listing began after the change notification at #${signal.seq}.`,
        [
          { seq: signal.seq, note: 'change notification' },
          ...(partial
            ? [{ seq: partial.pages[0]!.request.seq, note: 'a listing began here but was not completed' }]
            : []),
        ],
        partial
          ? `re-listed ${partial.pages.length} page(s) but did not follow the last nextCursor`
          : 'no listing started after the notification',
      );
    }
    return pass(
      this.id,
      `A complete fresh listing followed each of the ${signals.length} change notification(s).`,
    );
  },
};
