import type { Observation } from '@toolshift/assertions';

type Unstamped = Observation extends infer O ? (O extends Observation ? Omit<O, 'afterSeq'> : never) : never;

/**
 * The client's observations during one cell, each stamped with every server's last transcript `seq`
 * at that moment, so each server's run record sees them against its own transcript.
 */
export class ObservationLog {
  private readonly entries: Array<{
    observation: Unstamped;
    at: Record<string, number>;
    startedAt?: Record<string, number>;
  }> = [];

  constructor(private readonly lastSeqs: () => Record<string, number>) {}

  /** Every server's last `seq` now (pass it to `add` as `startedAt` for a call that starts now). */
  positions(): Record<string, number> {
    return this.lastSeqs();
  }

  /** Records an observation now; a `call` or `model-call` may carry the positions when it was handed to the client. */
  add(observation: Unstamped, startedAt?: Record<string, number>): void {
    this.entries.push({ observation, at: this.lastSeqs(), ...(startedAt ? { startedAt } : {}) });
  }

  /** Records an observation stamped at earlier positions (what a black-box host sent the model during a turn that has ended). */
  addAt(observation: Unstamped, at: Record<string, number>): void {
    this.entries.push({ observation, at });
  }

  /** Observations stamped against server `serverId`'s transcript. */
  forServer(serverId: string): Observation[] {
    return this.entries.map(({ observation, at, startedAt }) => {
      const stamped = { ...observation, afterSeq: at[serverId] ?? 0 } as Observation;
      if ((stamped.kind === 'call' || stamped.kind === 'model-call') && startedAt)
        stamped.startedAfterSeq = startedAt[serverId] ?? 0;
      return stamped;
    });
  }
}
