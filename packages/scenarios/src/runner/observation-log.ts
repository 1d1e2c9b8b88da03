import type { Observation } from '@toolshift/assertions';

type Unstamped = Observation extends infer O ? (O extends Observation ? Omit<O, 'afterSeq'> : never) : never;

/**
 * The client's observations during one cell, each stamped with every server's last transcript `seq`
 * at that moment, so each server's run record sees them against its own transcript. {@link end}
 * marks where the scenario's actions ended: what the client reports afterwards (while the cell is
 * torn down) is kept apart, never judged.
 */
export class ObservationLog {
  private readonly entries: Array<{
    observation: Unstamped;
    at: Record<string, number>;
    startedAt?: Record<string, number>;
  }> = [];

  /** Number of entries recorded before {@link end}; `undefined` while the actions run. */
  private ended: number | undefined;

  constructor(private readonly lastSeqs: () => Record<string, number>) {}

  /** Marks the end of the scenario's actions; returns every server's last `seq` at that moment. */
  end(): Record<string, number> {
    this.ended ??= this.entries.length;
    return this.lastSeqs();
  }

  /** Every server's last `seq` now (pass it to `add` as `startedAt` for a call that starts now). */
  positions(): Record<string, number> {
    return this.lastSeqs();
  }

  /** Records an observation now; a `call`, `model-call` or `model-request` may carry the positions when it was asked of the client. */
  add(observation: Unstamped, startedAt?: Record<string, number>): void {
    this.entries.push({ observation, at: this.lastSeqs(), ...(startedAt ? { startedAt } : {}) });
  }

  /**
   * Every exposure the client reported, in order: the names it exposed for `serverId` and the `seq`
   * of that server's transcript when it reported them.
   */
  exposures(serverId: string): Array<{ atSeq: number; names: string[] }> {
    return this.entries.flatMap(({ observation, at }) =>
      observation.kind === 'exposure'
        ? [
            {
              atSeq: at[serverId] ?? 0,
              names: observation.tools.filter((tool) => tool.serverId === serverId).map((tool) => tool.name),
            },
          ]
        : [],
    );
  }

  /** Records an observation stamped at earlier positions (what a black-box host sent the model during a turn that has ended). */
  addAt(observation: Unstamped, at: Record<string, number>, startedAt?: Record<string, number>): void {
    this.entries.push({ observation, at, ...(startedAt ? { startedAt } : {}) });
  }

  /** Observations up to {@link end} (all of them before it), stamped against server `serverId`'s transcript. */
  forServer(serverId: string): Observation[] {
    return this.stamp(this.entries.slice(0, this.ended ?? this.entries.length), serverId);
  }

  /** Observations recorded after {@link end} (the client's reports during teardown), stamped the same way. */
  afterEnd(serverId: string): Observation[] {
    return this.ended === undefined ? [] : this.stamp(this.entries.slice(this.ended), serverId);
  }

  private stamp(entries: ObservationLog['entries'], serverId: string): Observation[] {
    return entries.map(({ observation, at, startedAt }) => {
      const stamped = { ...observation, afterSeq: at[serverId] ?? 0 } as Observation;
      if (
        (stamped.kind === 'call' || stamped.kind === 'model-call' || stamped.kind === 'model-request') &&
        startedAt
      )
        stamped.startedAfterSeq = startedAt[serverId] ?? 0;
      return stamped;
    });
  }
}
