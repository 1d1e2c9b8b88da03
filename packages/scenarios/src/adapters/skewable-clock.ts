import { StallAwareDeadline } from '@toolshift/fake-server';
import type { HostClock } from '@toolshift/reference-client';

/**
 * A host clock that runs in real time but can be jumped forward: `now()` is wall time plus the sum
 * of every `advance`, and a timer fires when its due time comes, whichever comes first — real time
 * passing or an `advance` past it. So a client's 1 s reconnect backoff still happens by itself,
 * while a 60 s polling interval or a 5 min TTL can be crossed at once. Real time that the process
 * could not run (a stall of the event loop on a busy machine) does not count toward a timer (see
 * {@link StallAwareDeadline}): the client's own bounds, such as how long it waits for a DELETE at
 * close, mean the same in every run.
 */
export class SkewableClock implements HostClock {
  private offsetMs = 0;
  private readonly timers = new Set<{ dueMs: number; fire: () => void }>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const waitMs = Math.max(0, delayMs);
    const deadline = new StallAwareDeadline(waitMs);
    let handle: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(handle);
      deadline.dispose();
    };
    const timer = {
      dueMs: this.now() + waitMs,
      fire: () => {
        if (!this.timers.delete(timer)) return;
        stop();
        callback();
      },
    };
    const arm = (ms: number) => {
      handle = setTimeout(() => {
        const left = deadline.remainingMs();
        if (left > 0) arm(left);
        else timer.fire();
      }, ms);
      handle.unref?.();
    };
    arm(waitMs);
    this.timers.add(timer);
    return () => {
      this.timers.delete(timer);
      stop();
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
