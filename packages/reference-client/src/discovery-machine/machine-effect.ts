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
 * these in order and reports back with events:
 * - `open`: connect and negotiate the era (answer `opened` / `open-failed`);
 * - `close-connection`: close a connection, its streams and child process, failing what is in flight;
 * - `subscribe`: open a modern `subscriptions/listen` for `lists` (answer `subscribed` / `subscribe-failed`);
 * - `unsubscribe`: close a change stream whose acknowledgement honoured nothing;
 * - `reopen-stream`: let the legacy GET stream reconnect now (its backoff is over);
 * - `list`: enumerate a list from page one on connection `generation` (answer `listed` / `list-failed`);
 * - `install`: swap in the snapshot of listing `listingId` atomically, persist and audit it;
 * - `withdraw`: withdraw the list's verified snapshot (nothing of it may be offered or executed);
 * - `set-timer` / `cancel-timer`: arm (replacing) or disarm one named timer;
 * - `warn`: raise a warning about the server;
 * - `phase`: the list's state changed (recorded in the audit trail).
 */
export type DiscoveryEffect =
  | { type: 'open'; generation: number }
  | { type: 'close-connection'; generation: number }
  | { type: 'subscribe'; generation: number; lists: readonly ListKind[] }
  | { type: 'unsubscribe'; generation: number }
  | { type: 'reopen-stream'; generation: number }
  | { type: 'list'; list: ListKind; listingId: number; generation: number }
  | { type: 'install'; list: ListKind; listingId: number; reason: string }
  | { type: 'withdraw'; list: ListKind }
  | { type: 'set-timer'; timer: TimerName; delay: TimerDelay }
  | { type: 'cancel-timer'; timer: TimerName }
  | { type: 'warn'; warning: MachineWarningKind; list?: ListKind; detail: string }
  | { type: 'phase'; list: ListKind; phase: DiscoveryState; failure?: DiscoveryFailure };
