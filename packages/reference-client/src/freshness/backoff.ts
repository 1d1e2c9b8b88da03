/** Exponential backoff with jitter, for polling and re-subscribing. */
export interface BackoffPolicy {
  /** First delay, ms. */
  initialMs: number;
  /** Longest delay, ms. */
  maxMs: number;
  /** Growth per attempt (default 2). */
  factor: number;
  /** Fraction of the delay randomised away, in [0, 1] (default 0.2: delays land in [80 %, 100 %]). */
  jitter: number;
}

/**
 * The delay before retry number `attempt` (0-based): `min(maxMs, initialMs · factor^attempt)`, minus
 * up to `jitter` of it, using `random()` in [0, 1).
 * @see ../shared/spec/mcp-discovery-spec.md §7 (pollers MUST add jitter and backoff)
 */
export function backoffDelayMs(policy: BackoffPolicy, attempt: number, random: () => number): number {
  const base = Math.min(policy.maxMs, policy.initialMs * policy.factor ** Math.max(0, attempt));
  return Math.round(base * (1 - policy.jitter * random()));
}
