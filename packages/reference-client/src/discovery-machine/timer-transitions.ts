import type { ListKind } from './list-kind.js';
import type { MachineDraft } from './machine-draft.js';
import type { TimerName } from './machine-event.js';
import { requestRefresh } from './transition-steps.js';

type TimerKind = 'poll' | 'relist' | 'expired' | 'resubscribe' | 'reconnect';

function timerKind(timer: TimerName): TimerKind {
  return timer.split(':')[0] as TimerKind;
}

const TIMERS: Record<TimerKind, (draft: MachineDraft, kind: ListKind | undefined) => void> = {
  poll(draft, kind) {
    if (kind && draft.list(kind) && draft.list(kind)!.listing === undefined) draft.start(kind, 'poll', false);
  },
  relist(draft, kind) {
    const listing = kind ? draft.list(kind)?.listing : undefined;
    if (!kind || listing?.step !== 'rate-limited') return;
    draft.update(kind, { listing: undefined });
    draft.start(kind, listing.reason, true);
  },
  expired(draft, kind) {
    if (kind) requestRefresh(draft, kind, 'cache-expired');
  },
  reconnect(draft) {
    for (const kind of draft.kinds()) {
      const listing = draft.list(kind)!.listing;
      if (listing?.step === 'retry-wait') draft.begin(kind, listing.reason);
    }
  },
  resubscribe(draft) {
    const { connection, stream } = draft.state;
    if (stream.step !== 'backoff') return;
    if (connection.step !== 'open') {
      draft.set({ stream: { ...stream, step: 'none', kind: undefined, lists: [] } });
      return;
    }
    draft.set({ stream: { ...stream, step: 'subscribing' } });
    if (stream.kind === 'legacy-get')
      draft.emit({ type: 'reopen-stream', generation: connection.generation });
    else draft.emit({ type: 'subscribe', generation: connection.generation, lists: stream.lists });
  },
};

/**
 * A timer fired (`poll`, `relist`, `expired` per list; `resubscribe`, `reconnect` per server): the
 * poll or the rate-limited re-list starts, an expired cache entry is refreshed, a waiting listing
 * gets its new session, the change stream is reopened.
 */
export function onTimer(draft: MachineDraft, timer: TimerName): void {
  TIMERS[timerKind(timer)](draft, timer.includes(':') ? (timer.split(':')[1] as ListKind) : undefined);
}
