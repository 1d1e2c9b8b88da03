import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { changeSignals, listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { laterChangeUnheard, noChangeNotification } from '../unheard-change.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/**
 * Every change notification the server sent this connection, once the client had listed, is
 * followed by a fresh `tools/list` from page one (a notification before the client's first
 * `tools/list` outdates nothing: a listing after it is evidence, none is no fault). A client that builds its
 * tool set afresh for each use (`listsPerUse`: it used tools and reported no exposure) is judged
 * by its uses instead: each use after the notification comes after a page-one `tools/list` that
 * followed it; a notification no use followed leaves nothing stale, so nothing to judge.
 */
export const relistsAfterSignal: Invariant = {
  id: 'change.relists-after-signal',
  judgesWireOnly: true,
  title: 'After each tools list_changed notification, the client requests tools/list again from page one.',
  source:
    'seed 002 (refresh on notification); spec 2025-11-25 tools §list_changed; cases LC-01, LC-02, LC-07, LC-10, LC-11',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: re-list on a change notification; the spec makes list_changed the server's hint (the server SHOULD send it) and sets no client duty to re-list`,
  },
  check(run) {
    const frames = connectionFrames(run, run.serverId);
    const signals = changeSignals(frames);
    // No notification: the client's doing when the catalog changed while it kept no channel open
    // (never opened the GET stream or subscriptions/listen, or closed its connection); else staging.
    if (signals.length === 0) return noChangeNotification(this.id, run);
    const exchanges = listExchanges(frames);
    const pageOneRequests = exchanges.filter((exchange) => exchange.cursor === undefined);
    const registry = !listsPerUse(run, run.serverId);
    const uses = toolUses(run, run.serverId);
    const firstList = exchanges[0]?.request.seq ?? Number.POSITIVE_INFINITY;
    const evidence: FrameRef[] = [];
    for (const signal of signals) {
      const relist = pageOneRequests.find((exchange) => exchange.request.seq > signal.seq);
      // Before the first listing a signal outdates nothing: a listing after it is evidence, none is no fault.
      if (registry && signal.seq < firstList && !relist) continue;
      if (!registry) {
        const use = uses.find((candidate) => candidate.from >= signal.seq);
        if (!use) continue;
        if (relist && relist.request.seq <= use.seq) {
          evidence.push({
            seq: relist.request.seq,
            note: `re-list before the ${use.what} after #${signal.seq}`,
          });
          continue;
        }
        return fail(
          this.id,
          `${run.serverId}: after the change notification at #${signal.seq} the client made a ${use.what} without listing tools again first.`,
          [{ seq: signal.seq, note: `notifications/tools/list_changed on ${signal.streamId}` }],
          'it keeps no registry, so it must list afresh before each use; this use relied on an older listing',
        );
      }
      if (!relist) {
        const anyList = exchanges.find((exchange) => exchange.request.seq > signal.seq);
        return fail(
          this.id,
          `${run.serverId}: no tools/list from page one followed the change notification at #${signal.seq}.`,
          [{ seq: signal.seq, note: `notifications/tools/list_changed on ${signal.streamId}` }],
          anyList
            ? `it sent tools/list with cursor ${JSON.stringify(anyList.cursor)} (#${anyList.request.seq}) instead of starting over`
            : 'the notification was delivered but no tools/list request followed',
        );
      }
      evidence.push({ seq: relist.request.seq, note: `page-one tools/list after #${signal.seq}` });
    }
    // Every notification came before the first listing (a client listing lazily) or no use followed
    // it (a client listing per use): staging, nothing could be stale.
    if (evidence.length === 0)
      return inconclusive(
        this.id,
        registry
          ? `${run.serverId}: each of the ${signals.length} change notification(s) came before the client first listed: nothing to re-list.`
          : `${run.serverId}: the client lists per use and used no tool after the ${signals.length} change notification(s): nothing could be stale.`,
      );
    // A later change it no longer heard of (it closed its own channel): the client's doing.
    const unheard = laterChangeUnheard(this.id, run);
    if (unheard) return unheard;
    return pass(
      this.id,
      registry
        ? `${run.serverId}: each of the ${evidence.length} change notification(s) after its first listing was followed by a page-one tools/list.`
        : `${run.serverId}: the client lists per use (no exposure reported); each of its ${evidence.length} use(s) after a change notification came after a fresh page-one tools/list.`,
      evidence,
    );
  },
};
