/**
 * Time and randomness for a host: wall clock, timers and jitter. Injected so tests and scenario
 * runners can drive polling and expiry deterministically.
 */
export interface HostClock {
  /** Current time, epoch ms. */
  now(): number;
  /** Runs `callback` after `delayMs`; returns a cancel function. Timers must not keep a process alive. */
  setTimer(callback: () => void, delayMs: number): () => void;
  /** A number in [0, 1), for jitter. */
  random(): number;
}

/** The real clock: `Date.now`, unref'd `setTimeout`, `Math.random`. */
export const systemClock: HostClock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    timer.unref?.();
    return () => clearTimeout(timer);
  },
  random: () => Math.random(),
};

/**
 * Waits for `work` at most `waitMs` on `clock`: true when it settled (resolved or rejected) first,
 * false when the time ran out (it keeps running). Never rejects; the timer is cancelled either way.
 */
export async function settlesWithin(
  clock: HostClock,
  work: Promise<unknown>,
  waitMs: number,
): Promise<boolean> {
  let cancel: (() => void) | undefined;
  const settled = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => {
      cancel = clock.setTimer(() => resolve(false), waitMs);
    }),
  ]);
  cancel?.();
  return settled;
}
