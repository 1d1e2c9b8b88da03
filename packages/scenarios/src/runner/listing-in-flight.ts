import { enumerations, type ListExchange, listExchanges } from '@toolshift/assertions';
import type { TranscriptFrame } from '@toolshift/fake-server';

/** One exposure the client reported: the tool names it showed for the connection, and when. */
export interface ReportedExposure {
  /** `seq` of the server's last frame when the client reported it. */
  atSeq: number;
  names: readonly string[];
}

/** One client connection as the wire and the client's reports show it. */
export interface ListingConnection {
  /** The principal its requests are made as; `undefined` takes every request of the transcript. */
  principal?: string;
  /** Every exposure the client reported, in order (the last is what it shows now). */
  exposures?: readonly ReportedExposure[];
}

/**
 * A `tools/list` enumeration the client has not finished with, read from the wire:
 * - `unanswered-request`: a `tools/list` request the server has not answered yet (and is not
 *   holding forever under a `hang` fault, and whose stream the client has not closed);
 * - `cursor-not-followed`: the latest enumeration's last page offered a `nextCursor` the client has
 *   not requested yet (not one it already requested in that enumeration, nor one on a page that
 *   repeats an earlier page of it — a looping server — which a client is right to stop at, and not
 *   an empty string in a 2025-11-25 session, which that revision does not define as a cursor);
 * - `listing-not-shown`: the latest enumeration is complete, its tools are not what the client
 *   exposes, and no exposure the client reported since its last page changed what it showed for
 *   the connection (it may still be processing the listing: an exposure reported meanwhile can come
 *   from another connection's listing). A client that shows a listing differently (filtered,
 *   renamed) is done once it reported a change; one whose view does not change at all is left to
 *   the caller's bound.
 */
export interface ListingInFlight {
  kind: 'unanswered-request' | 'cursor-not-followed' | 'listing-not-shown';
  /** The frame the client still owes a reaction to. */
  seq: number;
  /** One line for a settle timeout: what the client had not done. */
  note: string;
}

/**
 * What `connection` still owes a listing it started, or `undefined` when none is in flight. A
 * client that abandons a listing shows that only by silence, so the caller bounds how long it
 * waits on a result (`settle` waits at most its timeout).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5
 */
export function listingInFlight(
  frames: readonly TranscriptFrame[],
  connection: ListingConnection = {},
): ListingInFlight | undefined {
  const mine = (frame: TranscriptFrame) =>
    connection.principal === undefined || frame.principal === connection.principal;
  const exchanges = listExchanges(frames).filter((exchange) => mine(exchange.request));
  const waiting = exchanges.find((exchange) => !exchange.response && !abandoned(frames, exchange));
  if (waiting)
    return {
      kind: 'unanswered-request',
      seq: waiting.request.seq,
      note: `the tools/list request at #${waiting.request.seq} was still unanswered`,
    };
  const latest = enumerations(exchanges).at(-1);
  if (!latest) return undefined;
  const last = latest.pages[latest.pages.length - 1]!;
  if (!latest.complete) {
    const cursor = last.nextCursor;
    if (!last.response || !last.tools || cursor === undefined) return undefined;
    if (latest.pages.some((page) => page.cursor === cursor)) return undefined;
    if (repeatsAnEarlierPage(latest.pages)) return undefined;
    if (cursor === '' && last.response.era === 'legacy') return undefined;
    return {
      kind: 'cursor-not-followed',
      seq: last.response.seq,
      note: `the client had not requested nextCursor ${JSON.stringify(cursor)} offered at #${last.response.seq}`,
    };
  }
  const completedAt = latest.completedAtSeq!;
  const exposures = connection.exposures ?? [];
  const served = latest.pages.flatMap((page) => page.tools ?? []).map((tool) => tool.name);
  if (sameNames(served, exposures.at(-1)?.names ?? [])) return undefined;
  const before = exposures.filter((exposure) => exposure.atSeq < completedAt).at(-1);
  const changedSince = exposures.some(
    (exposure) => exposure.atSeq >= completedAt && (!before || !sameNames(exposure.names, before.names)),
  );
  if (changedSince) return undefined;
  return {
    kind: 'listing-not-shown',
    seq: completedAt,
    note: `the client had not reported an exposure since the listing it completed at #${completedAt}`,
  };
}

/** True when the request's answer will never come: a `hang` fault holds it, or the client closed its stream. */
function abandoned(frames: readonly TranscriptFrame[], exchange: ListExchange): boolean {
  const { request } = exchange;
  const after = frames.filter((frame) => frame.seq > request.seq && frame.streamId === request.streamId);
  if (after[0]?.kind === 'note' && after[0].note?.startsWith("fault 'hang'")) return true;
  return after.some((frame) => frame.kind === 'stream-close');
}

/** True when the last page lists the same tools, in the same order, as an earlier page of its enumeration. */
function repeatsAnEarlierPage(pages: readonly ListExchange[]): boolean {
  const names = (page: ListExchange) => (page.tools ?? []).map((tool) => tool.name).join('\u0000');
  const last = pages[pages.length - 1]!;
  if (!last.tools?.length) return false;
  const key = names(last);
  return pages.slice(0, -1).some((page) => page.tools !== undefined && names(page) === key);
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((name, index) => name === right[index]);
}
