import type { HostClock } from '../../src/index.js';

/**
 * A {@link HostClock} driven by the test: time moves only with `advance`, which runs the timers
 * that became due, in order. `random()` is fixed, so jittered delays are predictable.
 */
export class ManualClock implements HostClock {
  private timeMs: number;
  private timers: Array<{ at: number; seq: number; callback: () => void }> = [];
  private seq = 0;
  /** Every delay ever scheduled, ms (for backoff and jitter checks). */
  readonly scheduled: number[] = [];

  constructor(
    startMs = 1_000_000,
    private readonly fixedRandom = 0.5,
  ) {
    this.timeMs = startMs;
  }

  now(): number {
    return this.timeMs;
  }

  random(): number {
    return this.fixedRandom;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const timer = { at: this.timeMs + Math.max(0, delayMs), seq: this.seq++, callback };
    this.scheduled.push(delayMs);
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward by `ms`, running every timer due by then. */
  advance(ms: number): void {
    const until = this.timeMs + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.timeMs = due.at;
      due.callback();
    }
    this.timeMs = until;
  }

  /** Timers waiting now. */
  get pending(): number {
    return this.timers.length;
  }
}
