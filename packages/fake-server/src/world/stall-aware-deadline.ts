/** How often a {@link StallAwareDeadline} samples the event loop, ms. */
const SAMPLE_MS = 25;

let virtualTime = false;

/**
 * Tells every {@link StallAwareDeadline} whether time is virtual (`setTimeout` and `Date` faked
 * process-wide, as the scenarios' property trials do): virtual time moves only when the trial moves
 * it, so there are no stalls to leave out and deadlines are plain.
 */
export function setVirtualTime(on: boolean): void {
  virtualTime = on;
}

/**
 * A wall-time deadline that does not count time this process could not run: every stall of its
 * event loop (a timer firing late because the machine was busy, or a long synchronous task of
 * other work in the process) moves the deadline later by the stall, up to `maxExtensionMs` in all.
 * A bound on how long a peer may take then means the same on a busy CI machine as on an idle one,
 * while a peer that simply never answers still meets it after `ms`. Call {@link dispose} when done.
 */
export class StallAwareDeadline {
  private readonly end: number;
  private readonly sampler: NodeJS.Timeout | undefined;
  private lastSample: number;
  private stalledTotalMs = 0;

  /**
   * @param ms the bound, ms of wall time while the event loop runs.
   * @param maxExtensionMs most the deadline moves in all (default `3 * ms`).
   */
  constructor(
    ms: number,
    private readonly maxExtensionMs = ms * 3,
  ) {
    const now = Date.now();
    this.end = now + ms;
    this.lastSample = now;
    if (virtualTime) return;
    this.sampler = setInterval(() => this.sample(), SAMPLE_MS);
    this.sampler.unref();
  }

  /** ms until the deadline (0 or less once it passed), counting a stall still in progress. */
  remainingMs(): number {
    return this.end + Math.min(this.maxExtensionMs, this.stalledMs()) - Date.now();
  }

  /** ms of stalls since the deadline was made, one still in progress included (not capped). */
  stalledMs(): number {
    if (!this.sampler) return 0;
    return this.stalledTotalMs + stallOf(Date.now() - this.lastSample);
  }

  /** Stops sampling. */
  dispose(): void {
    clearInterval(this.sampler);
  }

  private sample(): void {
    const now = Date.now();
    this.stalledTotalMs += stallOf(now - this.lastSample);
    this.lastSample = now;
  }
}

/** The part of a gap between two samples that the event loop could not run (a small delay is jitter). */
function stallOf(gapMs: number): number {
  const late = gapMs - SAMPLE_MS;
  return late > SAMPLE_MS ? late : 0;
}
