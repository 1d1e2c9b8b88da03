import type { Invariant } from '../invariant.js';
import { changeSignals, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

/** Every change notification the server sent is followed by a fresh `tools/list` from page one. */
export const relistsAfterSignal: Invariant = {
  id: 'change.relists-after-signal',
  title: 'After each tools list_changed notification, the client requests tools/list again from page one.',
  source:
    'seed 002 (refresh on notification); spec 2025-11-25 tools §list_changed; cases LC-01, LC-02, LC-07, LC-10, LC-11',
  check(run) {
    const signals = changeSignals(run.transcript);
    if (signals.length === 0)
      return inconclusive(this.id, 'The server sent no change notification in this run.');
    const pageOneRequests = listExchanges(run.transcript).filter((exchange) => exchange.cursor === undefined);
    for (const signal of signals) {
      const relist = pageOneRequests.find((exchange) => exchange.request.seq > signal.seq);
      if (!relist) {
        const anyList = listExchanges(run.transcript).find((exchange) => exchange.request.seq > signal.seq);
        return fail(
          this.id,
          `No tools/list from page one followed the change notification at #${signal.seq}.`,
          [{ seq: signal.seq, note: `notifications/tools/list_changed on ${signal.streamId}` }],
          anyList
            ? `it sent tools/list with cursor ${JSON.stringify(anyList.cursor)} (#${anyList.request.seq}) instead of starting over`
            : 'the notification was delivered but no tools/list request followed',
        );
      }
    }
    return pass(
      this.id,
      `Each of the ${signals.length} change notification(s) was followed by a page-one tools/list.`,
      signals.map((signal) => ({ seq: signal.seq, note: 'change notification' })),
    );
  },
};
