import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { ListKind } from './list-kind.js';
import type { MachineDraft } from './machine-draft.js';

/**
 * A refresh of `kind` asked for (by the host, or an expired cache entry): a listing starts, or the
 * enumeration running queues one more (not rate-limited), or a rate-limited one starts at once;
 * a listing about to run (awaiting its connection, waiting for a retry) answers it too.
 */
export function requestRefresh(draft: MachineDraft, kind: ListKind, reason: string): void {
  const list = draft.list(kind);
  if (!list) return;
  const listing = list.listing;
  if (listing === undefined) draft.start(kind, reason, false);
  else if (listing.step === 'enumerating') {
    draft.update(kind, { queued: { reason, limited: false } });
  } else if (listing.step === 'rate-limited') {
    // The host asked: not rate-limited.
    draft.cancel(`relist:${kind}`);
    draft.update(kind, { listing: undefined });
    draft.start(kind, reason, false);
  }
  // awaiting-connection, retry-wait: the listing about to run answers this request too.
}

/** A change signal for one list: counted, and a re-list started or queued (rate-limited). */
export function signalList(draft: MachineDraft, kind: ListKind, reason: string): void {
  const list = draft.list(kind);
  if (!list || list.phase === 'unknown' || list.unsupported) return;
  draft.update(kind, { changeSeq: list.changeSeq + 1 });
  const listing = list.listing;
  if (listing === undefined) draft.start(kind, reason, true);
  else if (listing.step === 'enumerating') {
    draft.update(kind, { queued: { reason, limited: list.queued?.limited ?? true } });
  }
}

/** The connection is usable: every list waiting for it starts enumerating. */
export function connectionReady(draft: MachineDraft): void {
  for (const kind of draft.kinds()) {
    const listing = draft.list(kind)!.listing;
    if (listing?.step === 'awaiting-connection') draft.begin(kind, listing.reason);
  }
}

/** Arms the next reconnect of the change stream: backoff attempt `attempts`, then one more. */
export function backOff(draft: MachineDraft): void {
  const { stream } = draft.state;
  draft.set({ stream: { ...stream, step: 'backoff', attempts: stream.attempts + 1, openedAtMs: undefined } });
  draft.timer('resubscribe', { kind: 'backoff', attempt: stream.attempts });
}

/**
 * A listing of `kind` on connection `generation` failed (or could not start): a lost legacy session gets a new one (at once,
 * then with backoff, up to `maxSessionRetries`); a rejected cursor restarts from page one once;
 * anything else is a classified failure.
 */
export function listingFailed(
  draft: MachineDraft,
  kind: ListKind,
  failure: DiscoveryFailure,
  generation: number,
): void {
  const list = draft.list(kind)!;
  const reason = list.listing?.reason ?? 'retry';
  if (failure.reason === 'session-lost') {
    const attempt = list.run.sessionRetries;
    if (attempt >= draft.policy.maxSessionRetries) {
      draft.update(kind, { listing: undefined, queued: undefined });
      draft.fail(kind, failure);
      draft.settle(kind);
      return;
    }
    // Only the connection that lost its session goes (another list may already have opened the next one).
    const { connection } = draft.state;
    if (connection.step !== 'none' && connection.generation === generation) draft.dropConnection();
    draft.update(kind, { run: { ...list.run, sessionRetries: attempt + 1 } });
    if (attempt === 0) {
      draft.begin(kind, reason); // a new session at once; after that, back off
    } else {
      // One timer for the server: every list waiting for the new session goes when it fires.
      const armed = draft
        .kinds()
        .some((other) => other !== kind && draft.list(other)!.listing?.step === 'retry-wait');
      draft.update(kind, { listing: { step: 'retry-wait', reason } });
      if (!armed) draft.timer('reconnect', { kind: 'backoff', attempt: attempt - 1 });
    }
    return;
  }
  if (failure.reason === 'invalid-cursor' && list.run.cursorRestarts === 0) {
    // The server rejected its own cursor: discard every page and start again from the first (§7).
    draft.update(kind, { run: { ...list.run, cursorRestarts: 1 } });
    draft.begin(kind, reason);
    return;
  }
  draft.update(kind, { listing: undefined });
  draft.fail(kind, failure);
  draft.settle(kind);
}
