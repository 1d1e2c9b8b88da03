import { enumerations, listExchanges } from '@toolshift/assertions';
import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Scenario } from '../../scenario.js';

/** Whether the scenario has the host call a tool (a host call or a model's call). */
export function callsTools(scenario: Scenario): boolean {
  return scenario.clientActions.some((action) => action.do === 'call' || action.do === 'model-call');
}

/**
 * Whether the tools catalog changed after the client's first complete listing and the client never
 * listed from page one again: what it holds is stale (a run's own record, not the scenario's plan:
 * a change before the client first listed, or one it re-listed for, leaves nothing stale).
 */
export function staleAfterChange(frames: readonly TranscriptFrame[]): boolean {
  const exchanges = listExchanges(frames);
  const first = enumerations(exchanges).find((listing) => listing.complete);
  if (!first) return false;
  const listedAt = frames.find((frame) => frame.seq === first.completedAtSeq)?.catalogRevision ?? 0;
  const change = frames.find(
    (frame) => frame.seq > first.completedAtSeq! && frame.catalogRevision > listedAt,
  );
  if (!change) return false;
  return !exchanges.some((exchange) => exchange.cursor === undefined && exchange.request.seq > change.seq);
}

/** Whether some `tools/list` answer of the run failed (a JSON-RPC error, or an HTTP status of 400 or more). */
export function listingFailed(frames: readonly TranscriptFrame[]): boolean {
  return listExchanges(frames).some((exchange) => {
    const response = exchange.response;
    if (!response) return false;
    return (
      (response.httpStatus ?? 200) >= 400 ||
      (response.message as { error?: unknown } | undefined)?.error !== undefined
    );
  });
}
