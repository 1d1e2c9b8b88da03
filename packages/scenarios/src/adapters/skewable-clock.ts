import type { HostClock } from '@toolshift/reference-client';

/**
 * A host clock that runs in real time but can be jumped forward: `now()` is wall time plus the sum
 * of every `advance`, and a timer fires when its due time comes, whichever comes first — real time
 * passing or an `advance` past it. So a client's 1 s reconnect backoff still happens by itself,
 * while a 60 s polling interval or a 5 min TTL can be crossed at once.
 */
export class SkewableClock implements HostClock {
  private offsetMs = 0;
  private readonly timers = new Set<{ dueMs: number; fire: () => void }>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const timer = {
      dueMs: this.now() + Math.max(0, delayMs),
      fire: () => {
        if (!this.timers.delete(timer)) return;
        clearTimeout(handle);
        callback();
      },
    };
    const handle = setTimeout(timer.fire, Math.max(0, delayMs));
    handle.unref?.();
    this.timers.add(timer);
    return () => {
      this.timers.delete(timer);
      clearTimeout(handle);
    };
  }

  random(): number {
    return Math.random();
  }

  /** Jumps `ms` forward and fires, in due order, every timer that became due. */
  advance(ms: number): void {
    this.offsetMs += ms;
    const now = this.now();
    const due = [...this.timers].filter((timer) => timer.dueMs <= now).sort((a, b) => a.dueMs - b.dueMs);
    for (const timer of due) timer.fire();
  }
}
