import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { changeSignals, listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/** Options of {@link relistedWithinBound}. */
export interface RelistBound {
  /** Logical ms (the fake server's clock, `frame.tick`) allowed between a change signal and the page-one `tools/list` (default 2000). */
  withinMs?: number;
  /**
   * Wall-clock ms (the frames' `wallTimeMs`) allowed between the notification leaving the server and
   * the page-one `tools/list` reaching it (default: no wall-clock bound). Logical time stands still
   * unless the script moves it, so only this bound catches a client that reacts, but slowly (a
   * debounce, a queue behind other work).
   */
  wallMs?: number;
}

const SHAPE = { fields: { withinMs: 'integer', wallMs: 'integer' } } as const;

/**
 * Builds the check that every change notification is followed, within `withinMs` of logical time
 * (and, with `wallMs`, within that many wall-clock ms), by a `tools/list` from page one on the same
 * connection. Logical time moves only when the script or the harness advances it, so that bound is
 * deterministic: a client that waits for its polling backstop instead of reacting to the signal
 * misses it. A scenario's check params (`withinMs`, `wallMs`, non-negative integers) override the bounds.
 * A notification before the connection's first `tools/list` outdates nothing and is not judged. A
 * client that lists per use (`listsPerUse`: no exposure reported) has nothing a late re-list leaves
 * stale: it is judged by its uses (each use after a notification comes after a page-one
 * `tools/list` that followed it, whenever that was); a notification no use followed is not judged.
 * @see ../shared/cases/discovery-cases.md LC-01 E1 ("within a short bound (e.g. 2 s)")
 */
export function relistedWithinBound(bound: RelistBound = {}): Invariant {
  const defaultWithinMs = bound.withinMs ?? 2000;
  return {
    id: 'change.relisted-within-bound',
    title: `After each tools list_changed notification, the client re-lists from page one within ${defaultWithinMs} ms of logical time${bound.wallMs === undefined ? '' : ` and ${bound.wallMs} ms of wall-clock time`}.`,
    source: 'cases LC-01 E1, LC-02 E1, LC-04 E1; seed 002 (refresh on notification)',
    params: SHAPE,
    validateParams: (params) => paramProblem(params, SHAPE),
    check(run, params = {}) {
      const withinMs = (params.withinMs as number | undefined) ?? defaultWithinMs;
      const wallMs = (params.wallMs as number | undefined) ?? bound.wallMs;
      let signalsSeen = 0;
      let judged = 0;
      const evidence: FrameRef[] = [];
      let registry = true;
      for (const serverId of connectionIds(run)) {
        const frames = connectionFrames(run, serverId);
        const signals = changeSignals(frames);
        const exchanges = listExchanges(frames);
        const pageOnes = exchanges.filter((exchange) => exchange.cursor === undefined);
        const firstList = exchanges[0]?.request.seq ?? Number.POSITIVE_INFINITY;
        const uses = toolUses(run, serverId);
        registry = !listsPerUse(run, serverId);
        for (const signal of signals) {
          signalsSeen += 1;
          const relist = pageOnes.find((exchange) => exchange.request.seq > signal.seq);
          // Before the first listing a signal outdates nothing: the first listing, whenever it comes,
          // is no late reaction to it (a client listing lazily); a prompt one is evidence all the same.
          if (registry && signal.seq < firstList && (!relist || relist.request.tick - signal.tick > withinMs))
            continue;
          if (!registry) {
            const use = uses.find((candidate) => candidate.from >= signal.seq);
            if (!use) continue;
            judged += 1;
            if (relist && relist.request.seq <= use.seq) {
              evidence.push({ seq: relist.request.seq, note: `re-list before the ${use.what}` });
              continue;
            }
            return fail(
              this.id,
              `${serverId}: after the change notification at #${signal.seq} the client made a ${use.what} without listing tools again first.`,
              [{ seq: signal.seq, note: 'change notification' }],
              'it keeps no registry, so it must list afresh before each use; this use relied on an older listing',
            );
          }
          judged += 1;
          if (!relist) {
            return fail(
              this.id,
              `${serverId}: no tools/list from page one followed the change notification at #${signal.seq}.`,
              [{ seq: signal.seq, note: `notifications/tools/list_changed on ${signal.streamId}` }],
              'the notification was sent but the client never listed again',
            );
          }
          const lagMs = relist.request.tick - signal.tick;
          if (lagMs > withinMs) {
            return fail(
              this.id,
              `${serverId}: the re-list after the change notification at #${signal.seq} came ${lagMs} ms later (bound ${withinMs} ms).`,
              [
                { seq: signal.seq, note: 'change notification' },
                { seq: relist.request.seq, note: `first page-one tools/list, ${lagMs} ms later` },
              ],
              `re-listed, but only after ${lagMs} ms: a polling backstop, not a reaction to the signal`,
            );
          }
          const wallLagMs =
            signal.wallTimeMs !== undefined && relist.request.wallTimeMs !== undefined
              ? relist.request.wallTimeMs - signal.wallTimeMs
              : undefined;
          if (wallMs !== undefined && wallLagMs !== undefined && wallLagMs > wallMs) {
            return fail(
              this.id,
              `${serverId}: the re-list after the change notification at #${signal.seq} came ${wallLagMs} ms of wall-clock time later (bound ${wallMs} ms).`,
              [
                { seq: signal.seq, note: 'change notification' },
                {
                  seq: relist.request.seq,
                  note: `first page-one tools/list, ${wallLagMs} wall-clock ms later`,
                },
              ],
              `re-listed, but ${wallLagMs} ms after the signal: slower than the ${wallMs} ms a user waits for new tools`,
            );
          }
          evidence.push({
            seq: relist.request.seq,
            note: `re-list ${lagMs} ms${wallLagMs === undefined ? '' : ` (${wallLagMs} wall-clock ms)`} after #${signal.seq}`,
          });
        }
      }
      if (signalsSeen === 0)
        return inconclusive(this.id, 'The server sent no change notification in this run.');
      if (judged === 0)
        return inconclusive(
          this.id,
          registry
            ? `Each of the ${signalsSeen} change notification(s) came before the client first listed: nothing to re-list.`
            : `The client lists per use (no exposure reported) and used no tool after the ${signalsSeen} change notification(s).`,
        );
      if (!registry)
        return pass(
          this.id,
          `The client lists per use (no exposure reported); each of its ${judged} use(s) after a change notification came after a fresh page-one tools/list.`,
          evidence,
        );
      return pass(
        this.id,
        `Each of the ${signalsSeen} change notification(s) was followed by a page-one tools/list within ${withinMs} ms${wallMs === undefined ? '' : ` (${wallMs} wall-clock ms)`}.`,
        evidence,
      );
    },
  };
}

/** {@link relistedWithinBound} with its default bound (2000 ms of logical time). */
export const relistedWithin2s: Invariant = relistedWithinBound();
