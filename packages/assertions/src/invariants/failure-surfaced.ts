import type { TranscriptFrame } from '@toolshift/fake-server';
import { SEED_000 } from '../authority/authority.js';
import { neverListed } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { enumerations, listExchanges } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; error?: unknown };

function failed(frame: TranscriptFrame): boolean {
  return (
    frame.direction === 'out' &&
    ((frame.httpStatus ?? 200) >= 400 || (frame.message as Message | undefined)?.error !== undefined)
  );
}

/** How an answer failed: its HTTP status, or its JSON-RPC error when the status was not an error. */
function describeFailure(frame: TranscriptFrame): string {
  const status = frame.httpStatus;
  if (status !== undefined && status >= 400) return `HTTP ${status}`;
  const error = (frame.message as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return `JSON-RPC error ${String(error?.code ?? '?')}${typeof error?.message === 'string' ? ` "${error.message.slice(0, 80)}"` : ''}${status !== undefined ? ` with HTTP ${status}` : ''}`;
}

/**
 * A failed discovery answer (a `tools/list` page answered with an HTTP error or a JSON-RPC error)
 * is never swallowed: afterwards the client either completes a fresh listing (it retried), or
 * reports the failure to its user (a warning, or a failure discovery state) — it does not go on
 * exposing a partial or stale list without a word.
 */
export const failureSurfaced: Invariant = {
  id: 'discovery.failure-surfaced',
  title: 'A failed tools/list is retried to completion or reported; never silently absorbed.',
  source: 'seed 000 (an empty list and a failed discovery are not the same state); cases PG-02 E2, AU-02 E2',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: an empty list and a failed discovery are different states; report a failure`,
  },
  check(run) {
    const frames = connectionFrames(run, run.serverId);
    const failures = listExchanges(frames).filter(
      (exchange) => exchange.response && failed(exchange.response),
    );
    // Never listed: the client's doing when the run used the tools; else staging. No failed answer: staging.
    if (listExchanges(frames).length === 0) return neverListed(this.id, run, 'no failure to surface');
    if (failures.length === 0) return inconclusive(this.id, 'No tools/list answer failed in this run.');
    const complete = enumerations(listExchanges(frames)).filter((e) => e.complete);
    for (const failure of failures) {
      const at = failure.response!.seq;
      const retried = complete.some((e) => e.pages[0]!.request.seq > failure.request.seq);
      const reported = run.observations.some(
        (o) =>
          o.afterSeq >= at &&
          ((o.kind === 'warning' && o.serverId === run.serverId) ||
            (o.kind === 'server-state' &&
              o.serverId === run.serverId &&
              !['ready', 'stale', 'refreshing', 'loading'].includes(o.state))),
      );
      if (!retried && !reported) {
        return fail(
          this.id,
          `${run.serverId}: the tools/list answer at #${at} failed (${describeFailure(failure.response!)}), and the client neither listed again to completion nor reported it.`,
          [{ seq: at, note: 'failed tools/list answer' }],
          'the failure was swallowed; the user sees a partial or stale list as if it were complete',
        );
      }
    }
    return pass(
      this.id,
      `${run.serverId}: ${failures.length} failed tools/list answer(s) were retried or reported.`,
    );
  },
};
