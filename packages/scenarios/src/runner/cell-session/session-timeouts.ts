/** Wall-time bounds of a cell's actions, ms. */
export interface SessionTimeouts {
  /** Upper bound of each `settle` action. */
  settleTimeoutMs: number;
  /** Quiet period `settle` waits for. */
  quietMs: number;
  /** Upper bound of each client action (connect, call, refresh, …). */
  actionTimeoutMs: number;
  /** Default upper bound of a `wait-for` action. */
  waitTimeoutMs: number;
  /** The client reports nothing but its traffic: every `settle` waits for a quiet wire only. */
  wireOnly?: boolean;
}
