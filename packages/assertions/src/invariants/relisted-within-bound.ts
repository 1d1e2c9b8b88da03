import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames, connectionIds } from '../run-record.js';
import { changeSignals, listExchanges } from '../tool-listings.js';
import { listsPerUse, toolUses } from '../tool-uses.js';
import { noChangeNotification } from '../unheard-change.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

/** Options of {@link relistedWithinBound}. */
export interface RelistBound {
  /** Logical ms (the fake server's clock, `frame.tick`) allowed between a change signal and the page-one `tools/list` (default 2000). */
  withinMs?: number;
  /**
   * The re-list must also come before the client's next use of tools began (a host call, a model
   * request or a model call handed to it after the signal), default false. For scenarios that give
   * the client time to react between the signal and that use (a `settle` step, which waits for the
   * re-list): then a re-list that comes only with or after the next use is no reaction to the
   * signal but to the use (a refresh queued behind other work, a cache invalidated and refilled
   * lazily), whatever the clocks say. This is the bound for clients whose time the harness does not
   * move (a `command:` program, an in-process client's real-time timers): elapsed wall-clock time
   * would judge the machine's load, not the client.
   */
  beforeNextUse?: boolean;
}

const SHAPE = { fields: { withinMs: 'integer', beforeNextUse: 'boolean' } } as const;

/**
 * Builds the check that every change notification is followed, within `withinMs` of logical time,
 * by a `tools/list` from page one on the same connection (and, with `beforeNextUse`, before the
 * client's next use of tools began). Logical time moves only when the script or the harness
 * advances it, so that bound is deterministic: a client that waits for its polling backstop instead
 * of reacting to the signal misses it. No bound is in wall-clock time: on a loaded machine a correct
 * client's re-list takes longer, and a verdict must not change with the load; where the harness does
 * not move the client's time, order is the measure (`beforeNextUse`). A scenario's check params
 * (`withinMs`, a non-negative integer; `beforeNextUse`, a boolean) override the options.
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
    title: `After each tools list_changed notification, the client re-lists from page one within ${defaultWithinMs} ms of logical time${bound.beforeNextUse ? ', before its next use of tools' : ''}.`,
    source: 'cases LC-01 E1, LC-02 E1, LC-04 E1; seed 002 (refresh on notification)',
    authority: {
      level: 'advice',
      basis: `${SEED_002}: re-list promptly after a change notification; the spec sets no time`,
    },
    params: SHAPE,
    validateParams: (params) => paramProblem(params, SHAPE),
    check(run, params = {}) {
      const withinMs = (params.withinMs as number | undefined) ?? defaultWithinMs;
      const beforeNextUse = (params.beforeNextUse as boolean | undefined) ?? bound.beforeNextUse ?? false;
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
          const next = beforeNextUse ? uses.find((candidate) => candidate.from >= signal.seq) : undefined;
          if (next && relist.request.seq > next.from) {
            return fail(
              this.id,
              `${serverId}: after the change notification at #${signal.seq} the client re-listed only at #${relist.request.seq}, after its next use of tools (${next.what}) had begun (#${next.from}).`,
              [
                { seq: signal.seq, note: 'change notification' },
                { seq: relist.request.seq, note: `first page-one tools/list, after the ${next.what} began` },
              ],
              `re-listed, but only once it acted again (${next.what}): a reaction to its next use, not to the signal; until then what it showed was stale`,
            );
          }
          evidence.push({
            seq: relist.request.seq,
            note: `re-list ${lagMs} ms after #${signal.seq}${next ? `, before the ${next.what}` : ''}`,
          });
        }
      }
      // No notification: the client's doing when the catalog changed while it kept no channel open; else staging.
      if (signalsSeen === 0) return noChangeNotification(this.id, run);
      // Staging: nothing a notification could outdate (before the first listing, or no use followed).
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
        `Each of the ${signalsSeen} change notification(s) was followed by a page-one tools/list within ${withinMs} ms of logical time${beforeNextUse ? ', before the client next used tools' : ''}.`,
        evidence,
      );
    },
  };
}

/** {@link relistedWithinBound} with its default bound (2000 ms of logical time). */
export const relistedWithin2s: Invariant = relistedWithinBound();
