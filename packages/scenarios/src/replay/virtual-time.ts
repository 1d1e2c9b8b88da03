import FakeTimers from '@sinonjs/fake-timers';
import { setVirtualTime } from '@toolshift/fake-server';

const realSetImmediate = globalThis.setImmediate;

/** The process's timer functions, as fake-timers captures them in `withGlobal`. */
const TIMER_GLOBALS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
let timersOfGlobal: { natives: unknown[]; api: ReturnType<typeof FakeTimers.withGlobal> } | undefined;

/**
 * fake-timers bound to `globalThis`, built once and reused by every trial while the global timer
 * functions stay the ones it captured (`withGlobal` builds the whole API and starts a real timer
 * each call; `install` takes the globals of its own time and `uninstall` restores them).
 */
function fakeTimersOfGlobal(): ReturnType<typeof FakeTimers.withGlobal> {
  const natives = TIMER_GLOBALS.map((name) => globalThis[name]);
  if (!timersOfGlobal || natives.some((native, index) => native !== timersOfGlobal!.natives[index]))
    timersOfGlobal = { natives, api: FakeTimers.withGlobal(globalThis) };
  return timersOfGlobal.api;
}

/** Epoch ms every trial starts at, so `Date.now()` (and every wall-clock field) is the same on replay. */
export const TRIAL_EPOCH_MS = Date.UTC(2026, 6, 28);

/**
 * Virtual time for one trial: `setTimeout`/`setInterval`/`Date` of the whole process are faked
 * (@sinonjs/fake-timers, as vitest's fake timers) and `Math.random` is seeded, so every client's
 * timers, backoffs and jitter are part of the deterministic schedule. Time moves only through
 * {@link VirtualTime.advance}. `setImmediate` and microtasks stay real: they are how the trial
 * runner waits for quiescence. One trial at a time per process.
 */
export class VirtualTime {
  private readonly clock: FakeTimers.Clock;
  private readonly realRandom = Math.random;

  private constructor(seed: number) {
    setVirtualTime(true);
    this.clock = fakeTimersOfGlobal().install({
      now: TRIAL_EPOCH_MS,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      loopLimit: 100_000,
      // Sockets opened before the trial (loopback HTTP elsewhere in the process) clear their own timers.
      shouldClearNativeTimers: true,
    });
    let state = seed >>> 0 || 0x9e3779b9;
    // mulberry32: small, seedable, good enough for jitter.
    Math.random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Installs virtual time; call {@link VirtualTime.uninstall} in a `finally`. */
  static install(seed: number): VirtualTime {
    return new VirtualTime(seed);
  }

  /** Virtual ms since the trial began. */
  get elapsedMs(): number {
    return this.clock.now - TRIAL_EPOCH_MS;
  }

  /** Moves virtual time forward by `ms`, firing due timers in order (awaiting promises between them). */
  async advance(ms: number): Promise<void> {
    await this.clock.tickAsync(ms);
  }

  /** Fires timers already due (delay 0) without moving time; resolves true when there were any. */
  async runDue(): Promise<boolean> {
    if (this.nextTimerInMs() !== 0) return false;
    await this.clock.tickAsync(0);
    return true;
  }

  /** Virtual ms until the earliest pending timer is due, or undefined when none is pending. */
  nextTimerInMs(): number | undefined {
    // fake-timers keeps pending timers in `clock.timers` (a Map since v15, a plain object before).
    const timers = (
      this.clock as unknown as {
        timers?: Map<unknown, { callAt: number }> | Record<string, { callAt: number }>;
      }
    ).timers;
    const pending = timers instanceof Map ? timers.values() : Object.values(timers ?? {});
    let earliest: number | undefined;
    for (const timer of pending)
      if (earliest === undefined || timer.callAt < earliest) earliest = timer.callAt;
    return earliest === undefined ? undefined : Math.max(0, earliest - this.clock.now);
  }

  uninstall(): void {
    this.clock.uninstall();
    setVirtualTime(false);
    Math.random = this.realRandom;
  }
}

/**
 * Resolves once every promise chain started so far has run to its end: nothing in a trial waits
 * on real I/O, so after two turns of the (real) event loop only timers and scheduled tasks remain.
 */
export async function quiesce(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => realSetImmediate(resolve));
}
