import { describe, expect, it } from 'vitest';
import { type HostClock, settlesWithin } from './host-clock.js';

/** A clock whose timers fire only when the test says so. */
function manualTimers() {
  const timers = new Set<() => void>();
  const clock: HostClock = {
    now: () => 0,
    random: () => 0,
    setTimer(callback) {
      timers.add(callback);
      return () => timers.delete(callback);
    },
  };
  return {
    clock,
    timers,
    fire: () => {
      for (const timer of [...timers]) timer();
    },
  };
}

describe('settlesWithin', () => {
  it('is true when the work settles first (even by rejecting), and cancels its timer', async () => {
    const { clock, timers } = manualTimers();
    expect(await settlesWithin(clock, Promise.resolve('done'), 1_000)).toBe(true);
    expect(await settlesWithin(clock, Promise.reject(new Error('no')), 1_000)).toBe(true);
    expect(timers.size).toBe(0);
  });

  it('is false when the time runs out first', async () => {
    const { clock, fire } = manualTimers();
    const waiting = settlesWithin(clock, new Promise(() => {}), 1_000);
    fire();
    expect(await waiting).toBe(false);
  });
});
