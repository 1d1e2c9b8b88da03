import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { DiscoveryState } from '../registry/server-state.js';
import type { ListKind } from './list-kind.js';
import type { TimerName } from './machine-event.js';

/**
 * How long a timer waits: `backoff` is attempt `attempt` (0-based) of the host's exponential
 * backoff with jitter and cap; `interval` is `ms` minus up to the backoff jitter; `exact` is `ms`.
 */
export type TimerDelay =
  | { kind: 'backoff'; attempt: number }
  | { kind: 'interval'; ms: number }
  | { kind: 'exact'; ms: number };

/** What a warning is about (see `DiscoveryWarning`). */
export type MachineWarningKind =
  | 'non-advancing-cursor'
  | 'page-cap'
  | 'oversize-stream'
  | 'notification-storm';

/**
 * What the machine asks its interpreter to do. The machine never does I/O; the interpreter runs
 * these in order and reports back with events.
 */
export type DiscoveryEffect =
  | /** Connect and negotiate the era; answer with `opened` or `open-failed`. */
  {
      type: 'open';
      generation: number;
    } /** Close a connection (its streams, its child process) and everything in flight on it. */
  | {
      type: 'close-connection';
      generation: number;
    } /** Open a change stream for these lists: modern `subscriptions/listen`; answer `subscribed` / `subscribe-failed`. */
  | {
      type: 'subscribe';
      generation: number;
      lists: readonly ListKind[];
    } /** Close the current change stream (an acknowledgement that honoured nothing). */
  | {
      type: 'unsubscribe';
      generation: number;
    } /** Let the legacy GET stream reconnect now (its backoff is over). */
  | {
      type: 'reopen-stream';
      generation: number;
    } /** Enumerate a list from page one on that connection; answer `listed` / `list-failed`. */
  | {
      type: 'list';
      list: ListKind;
      listingId: number;
      generation: number;
    } /** Swap in the snapshot of listing `listingId` (atomically), persist it, audit it. */
  | {
      type: 'install';
      list: ListKind;
      listingId: number;
      reason: string;
    } /** Withdraw the list's verified snapshot: nothing of it may be offered or executed. */
  | { type: 'withdraw'; list: ListKind }
  | { type: 'set-timer'; timer: TimerName; delay: TimerDelay }
  | { type: 'cancel-timer'; timer: TimerName }
  | {
      type: 'warn';
      warning: MachineWarningKind;
      list?: ListKind;
      detail: string;
    } /** The list's state changed (recorded in the audit trail). */
  | { type: 'phase'; list: ListKind; phase: DiscoveryState; failure?: DiscoveryFailure };
