import { neverListed } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames, type RunRecord } from '../run-record.js';
import { enumerations, type ListExchange, listExchanges } from '../tool-listings.js';
import { listsPerUse } from '../tool-uses.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

const SHAPE = {
  fields: { exactly: 'integer', atMost: 'integer', atLeast: 'integer', answeringModelCalls: 'boolean' },
  oneOf: ['exactly', 'atMost', 'atLeast'],
} as const;

/**
 * The tools/list requests the client sent while it answered each of the model's calls: from the
 * model's reply that carried the call (the first provider answer in the call's window naming it;
 * the call's start when the call was handed to the client without one) to the call's end. A host
 * that lists before every model request lists before the reply; only a listing in reaction to the
 * call counts.
 */
function requestsAnsweringModelCalls(run: RunRecord, requests: readonly ListExchange[]): ListExchange[][] {
  return run.observations.flatMap((call) => {
    if (call.kind !== 'model-call') return [];
    const opensAt = call.startedAfterSeq ?? 0;
    const reply = run.transcript.find(
      (frame) =>
        frame.kind === 'model' &&
        frame.direction === 'out' &&
        frame.seq > opensAt &&
        frame.seq <= call.afterSeq &&
        frame.model?.reply?.toolCalls?.some((toolCall) => toolCall.name === call.name),
    );
    const from = reply?.seq ?? opensAt;
    return [
      requests.filter((exchange) => exchange.request.seq > from && exchange.request.seq <= call.afterSeq),
    ];
  });
}

/**
 * The `tools/list` requests of this connection are what the catalog calls for:
 * - `exactly` N: every complete listing (page one to the page without `nextCursor`) took exactly N
 *   requests (e.g. two pages, two requests), and at least one listing completed. A client may list
 *   more often than the scenario needs (re-validating before a call, say): each listing is judged;
 *   an abandoned listing (restarted from page one after a change) is not;
 * - `atMost` N: the run's requests in all (a client looping on a broken cursor sends hundreds); with
 *   `answeringModelCalls`, the requests sent while answering each model call (case RM-03 E1: a
 *   client may re-list once to look for the tool the model named), so listings a host makes before
 *   every model request do not count;
 * - `atLeast` N: the run's requests in all (the client re-listed when the catalog called for it).
 *   Not judged for a client that lists per use (`listsPerUse`), nor for one that first listed only
 *   after the catalog had already changed (it lists lazily: a count calibrated for a client that
 *   lists at connect does not apply).
 * A client that never listed passes `exactly: 0` (and a lone `atMost`): no request is what they
 * allow; for any other count it is inconclusive — its own doing when the run used the tools (see
 * `neverListed`), staging otherwise. Params: `exactly`, `atMost`, `atLeast` (integers),
 * `answeringModelCalls` (boolean, only with `atMost` alone).
 */
export const listRequests: Invariant = {
  id: 'discovery.list-requests',
  title:
    'The client sends the number of tools/list requests the catalog calls for: no page skipped, no endless loop.',
  source: 'spec 2026-07-28 §2.5; cases PG-01 E1, PG-02 E1, PG-03 E2, PG-05 E2, LC-07 E2',
  authority: {
    level: 'advice',
    basis:
      'the spec sets no page cap and no count of listings; a scenario whose count rests on a clause cites it',
  },
  params: SHAPE,
  validateParams: (params) =>
    paramProblem(params, SHAPE) ??
    (params?.answeringModelCalls === true &&
    (params.atMost === undefined || params.exactly !== undefined || params.atLeast !== undefined)
      ? "parameter 'answeringModelCalls' counts against 'atMost' alone"
      : undefined),
  check(run, params = {}) {
    const frames = connectionFrames(run, run.serverId);
    const requests = listExchanges(frames);
    const count = requests.length;
    const { exactly, atMost, atLeast, answeringModelCalls } = params as {
      exactly?: number;
      atMost?: number;
      atLeast?: number;
      answeringModelCalls?: boolean;
    };
    if (answeringModelCalls === true && atMost !== undefined) {
      const perCall = requestsAnsweringModelCalls(run, requests);
      // Staging: the model made no call.
      if (perCall.length === 0) return inconclusive(this.id, 'The model made no calls: nothing to count.');
      const most = perCall.reduce((a, b) => (b.length > a.length ? b : a));
      const notes = most.slice(0, 12).map((exchange) => ({
        seq: exchange.request.seq,
        note: `tools/list cursor ${exchange.cursor === undefined ? '(page one)' : JSON.stringify(exchange.cursor)}`,
      }));
      if (most.length > atMost)
        return fail(
          this.id,
          `${run.serverId}: the client sent ${most.length} tools/list request(s) while answering one model call; expected at most ${atMost}.`,
          notes,
          'it kept listing to look for the tool the model named instead of answering the call',
        );
      return pass(
        this.id,
        `${run.serverId}: at most ${most.length} tools/list request(s) while answering each of ${perCall.length} model call(s) (at most ${atMost}).`,
        notes,
      );
    }
    // No request at all: exactly that is what `exactly: 0` asserts (issue 26); `atMost` holds too.
    if (
      count === 0 &&
      (exactly === 0 || (exactly === undefined && atLeast === undefined && atMost !== undefined))
    )
      return pass(
        this.id,
        `${run.serverId}: the client sent no tools/list request${exactly === 0 ? ', exactly as expected' : ` (at most ${atMost})`}.`,
      );
    // Never listed where listings are expected: the client's doing when the run used the tools; else staging.
    if (count === 0) return neverListed(this.id, run, 'nothing to count');
    const evidence: FrameRef[] = requests.slice(0, 12).map((exchange) => ({
      seq: exchange.request.seq,
      note: `tools/list cursor ${exchange.cursor === undefined ? '(page one)' : JSON.stringify(exchange.cursor)}`,
    }));
    const held: string[] = [];
    if (exactly === 0)
      return fail(
        this.id,
        `${run.serverId}: the client sent ${count} tools/list request(s); expected none.`,
        evidence,
        'it listed where the scenario expects no listing at all',
      );
    if (exactly !== undefined) {
      const all = enumerations(requests);
      const complete = all.filter((listing) => listing.complete);
      if (complete.length === 0) {
        const longest = Math.max(...all.map((listing) => listing.pages.length));
        return fail(
          this.id,
          `${run.serverId}: none of the client's ${all.length} listing(s) reached its last page; each should take exactly ${exactly} request(s).`,
          evidence,
          `the longest read ${longest} page(s) and stopped with a nextCursor unrequested`,
        );
      }
      const off = complete.find((listing) => listing.pages.length !== exactly);
      if (off) {
        const pages = off.pages.length;
        return fail(
          this.id,
          `${run.serverId}: the listing starting at #${off.pages[0]!.request.seq} took ${pages} tools/list request(s); expected exactly ${exactly}.`,
          off.pages.slice(0, 12).map((page) => ({
            seq: page.request.seq,
            note: `tools/list cursor ${page.cursor === undefined ? '(page one)' : JSON.stringify(page.cursor)}`,
          })),
          pages > exactly
            ? 'it requested more pages than the listing has (a page asked for twice, or past the end)'
            : 'it reached a page without nextCursor sooner: the listing had fewer pages than the catalog calls for',
        );
      }
      held.push(`each of ${complete.length} complete listing(s) took exactly ${exactly}`);
    }
    if (atMost !== undefined) {
      if (count > atMost)
        return fail(
          this.id,
          `${run.serverId}: the client sent ${count} tools/list request(s); expected at most ${atMost}.`,
          evidence,
          'it kept listing: a loop on a cursor the server repeats, or re-listing without end',
        );
      held.push(`${count} in all, at most ${atMost}`);
    }
    if (atLeast !== undefined) {
      const firstChange = frames.find((frame) => frame.catalogRevision > (frames[0]?.catalogRevision ?? 0));
      const lazy = firstChange !== undefined && requests[0]!.request.seq > firstChange.seq;
      if (listsPerUse(run, run.serverId) || lazy) {
        // Staging: a count calibrated for a client listing at connect does not apply to one listing per use or lazily.
        if (held.length === 0)
          return inconclusive(
            this.id,
            listsPerUse(run, run.serverId)
              ? `${run.serverId}: the client lists per use (no exposure reported), so its ${count} tools/list request(s) follow its uses, not the catalog's changes.`
              : `${run.serverId}: the client first listed at #${requests[0]!.request.seq}, after the catalog changed at #${firstChange!.seq}: it lists lazily, so a count for a client listing at connect does not apply.`,
          );
      } else if (count < atLeast)
        return fail(
          this.id,
          `${run.serverId}: the client sent ${count} tools/list request(s); expected at least ${atLeast}.`,
          evidence,
          `it listed ${count} time(s) in all: a re-list the catalog called for (a change, an expiry, a refresh) never came`,
        );
      else held.push(`${count} in all, at least ${atLeast}`);
    }
    return pass(this.id, `${run.serverId}: tools/list requests as expected (${held.join('; ')}).`, evidence);
  },
};
