import type { LogicalClock } from '../world/logical-clock.js';
import type { DelayFault } from './fault.js';

/** How a held response ended: released after its delay, or cancelled (server closed, reset or restarted). */
export type HoldOutcome = 'released' | 'cancelled';

/**
 * Responses held back by `delay` and `hang` faults. A wall-clock delay waits real time; a logical
 * one waits until the logical clock has advanced by `ms`; a hang waits until cancelled.
 */
export class ResponseHolds {
  private readonly pending = new Set<{
    resolve: (outcome: HoldOutcome) => void;
    dueMs?: number;
    timer?: NodeJS.Timeout;
  }>();

  constructor(private readonly clock: LogicalClock) {
    clock.onAdvance((nowMs) => {
      for (const hold of [...this.pending])
        if (hold.dueMs !== undefined && hold.dueMs <= nowMs) this.settle(hold, 'released');
    });
  }

  /** Number of responses currently held. */
  get size(): number {
    return this.pending.size;
  }

  /** Waits out a `delay` fault. */
  delay(fault: DelayFault): Promise<HoldOutcome> {
    return new Promise((resolve) => {
      const hold: { resolve: (outcome: HoldOutcome) => void; dueMs?: number; timer?: NodeJS.Timeout } = {
        resolve,
      };
      this.pending.add(hold);
      if (fault.clock === 'logical') hold.dueMs = this.clock.now() + fault.ms;
      else hold.timer = setTimeout(() => this.settle(hold, 'released'), fault.ms);
    });
  }

  /** Waits until cancelled (a `hang` fault). */
  hang(): Promise<HoldOutcome> {
    return new Promise((resolve) => {
      this.pending.add({ resolve });
    });
  }

  /** Cancels every held response. */
  cancelAll(): void {
    for (const hold of [...this.pending]) this.settle(hold, 'cancelled');
  }

  private settle(
    hold: { resolve: (outcome: HoldOutcome) => void; timer?: NodeJS.Timeout },
    outcome: HoldOutcome,
  ): void {
    if (!this.pending.delete(hold as never)) return;
    if (hold.timer) clearTimeout(hold.timer);
    hold.resolve(outcome);
  }
}
