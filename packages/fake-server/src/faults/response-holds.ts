import type { LogicalClock } from '../world/logical-clock.js';
import { StallAwareDeadline } from '../world/stall-aware-deadline.js';
import type { DelayFault } from './fault.js';

/** How a held response ended: released after its delay, or cancelled (server closed, reset or restarted). */
export type HoldOutcome = 'released' | 'cancelled';

interface Hold {
  resolve: (outcome: HoldOutcome) => void;
  /** Logical time (ms) of release, for a logical delay. */
  dueMs?: number;
  /** The wall-clock timer and its deadline, for a wall delay. */
  timer?: NodeJS.Timeout;
  deadline?: StallAwareDeadline;
}

/**
 * Responses held back by `delay` and `hang` faults and by scripted answers. A wall-clock delay waits
 * real time, leaving out time the process could not run (see {@link StallAwareDeadline}: on a busy
 * machine a 500 ms delay still leaves an in-process client 500 ms of running time to race it); a
 * logical one waits until the logical clock has advanced by `ms`; a hang (or an unanswered request)
 * waits until cancelled; an answer held until a step waits for that step.
 */
export class ResponseHolds {
  private readonly pending = new Set<Hold>();

  constructor(private readonly clock: LogicalClock) {
    clock.onAdvance((nowMs) => {
      for (const hold of [...this.pending]) {
        if (hold.dueMs !== undefined && hold.dueMs <= nowMs) this.settle(hold, 'released');
      }
    });
  }

  /** Waits out a `delay` fault. */
  delay(fault: DelayFault): Promise<HoldOutcome> {
    return new Promise((resolve) => {
      const hold: Hold = { resolve };
      this.pending.add(hold);
      if (fault.clock === 'logical') {
        hold.dueMs = this.clock.now() + fault.ms;
        return;
      }
      const deadline = new StallAwareDeadline(fault.ms);
      hold.deadline = deadline;
      const check = () => {
        const left = deadline.remainingMs();
        if (left > 0) hold.timer = setTimeout(check, left);
        else this.settle(hold, 'released');
      };
      hold.timer = setTimeout(check, fault.ms);
    });
  }

  /** Waits until `released` settles (e.g. a script step ran), or until cancelled. */
  until(released: Promise<unknown>): Promise<HoldOutcome> {
    return new Promise((resolve) => {
      const hold: Hold = { resolve };
      this.pending.add(hold);
      void released.then(() => this.settle(hold, 'released'));
    });
  }

  /** Waits until cancelled (a `hang` fault, an unanswered request). */
  hang(): Promise<HoldOutcome> {
    return new Promise((resolve) => {
      this.pending.add({ resolve });
    });
  }

  /** How many responses wait for the logical clock now (`delay` faults with `clock: 'logical'`). */
  onLogicalClock(): number {
    let count = 0;
    for (const hold of this.pending) if (hold.dueMs !== undefined) count++;
    return count;
  }

  /** Cancels every held response. */
  cancelAll(): void {
    for (const hold of [...this.pending]) this.settle(hold, 'cancelled');
  }

  private settle(hold: Hold, outcome: HoldOutcome): void {
    if (!this.pending.delete(hold)) return;
    if (hold.timer) clearTimeout(hold.timer);
    hold.deadline?.dispose();
    hold.resolve(outcome);
  }
}
