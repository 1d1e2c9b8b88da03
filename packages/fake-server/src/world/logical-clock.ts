/**
 * The fake server's logical clock, in ms. It moves only when a script step or the test advances it,
 * so TTLs, token expiry and `atTick` triggers are deterministic on a noisy machine.
 */
export class LogicalClock {
  private nowMs = 0;
  private readonly listeners = new Set<(nowMs: number) => void>();

  /** Current logical time, ms since the server started. */
  now(): number {
    return this.nowMs;
  }

  /**
   * Moves the clock forward by `ms` (≥ 0) and notifies listeners (tick triggers, expiries).
   * @throws {RangeError} when `ms` is negative or not finite.
   */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Cannot advance the logical clock by ${ms} ms`);
    this.nowMs += ms;
    for (const listener of this.listeners) listener(this.nowMs);
    return this.nowMs;
  }

  /** Calls `listener` after every advance; returns an unsubscribe function. */
  onAdvance(listener: (nowMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Back to 0. */
  reset(): void {
    this.nowMs = 0;
  }
}
