/**
 * The bounds the discovery state machine enforces. Every count is per server (and per list where
 * it says so); every duration is on the host clock, ms.
 */
export interface MachinePolicy {
  /** Consecutive listings discarded because a change landed mid-enumeration before the list is `catalog-unstable` (default 10). */
  maxRelists: number;
  /** New legacy sessions tried in one refresh after HTTP 404 on the session id (default 3). */
  maxSessionRetries: number;
  /**
   * Re-lists a change signal may start without waiting: a token bucket of `relistBurst` tokens,
   * one token back every `relistRefillMs`. So at most `relistBurst + T / relistRefillMs` signal-driven
   * listings start in any span of T ms, however many signals arrive (defaults 5 and 500: a burst of
   * five, then two per second). Manual refreshes, polls and first listings do not use tokens.
   */
  relistBurst: number;
  relistRefillMs: number;
  /** A `notification-storm` warning is raised when more than `stormThreshold` change signals arrive within `stormWindowMs` (defaults 100 and 1,000). */
  stormThreshold: number;
  stormWindowMs: number;
  /**
   * A change stream that stayed open this long and then ended cleanly resets the reconnect backoff
   * (default 60,000). A stream cut for size or a protocol error never resets it, so a server that
   * floods or garbles its stream is reconnected ever more slowly, up to the backoff cap.
   */
  stableStreamMs: number;
  /** Re-list interval when a list has no usable change signal, ms (default 60,000). */
  pollIntervalMs: number;
  /** Re-list interval when a change signal works (notifications are best effort), ms (default 900,000). */
  backstopMs: number;
}

/** The defaults of {@link MachinePolicy}. */
export const DEFAULT_MACHINE_POLICY: MachinePolicy = {
  maxRelists: 10,
  maxSessionRetries: 3,
  relistBurst: 5,
  relistRefillMs: 500,
  stormThreshold: 100,
  stormWindowMs: 1_000,
  stableStreamMs: 60_000,
  pollIntervalMs: 60_000,
  backstopMs: 900_000,
};
