import { expect, test } from 'vitest';
import { quiesce, TRIAL_EPOCH_MS, VirtualTime } from './virtual-time.js';

test('virtual time fakes Date and timers, seeds Math.random, and restores them all on uninstall', async () => {
  const realRandom = Math.random;
  const draws: number[][] = [];
  for (let i = 0; i < 2; i++) {
    const time = VirtualTime.install(42);
    try {
      expect(Date.now()).toBe(TRIAL_EPOCH_MS);
      const fired: number[] = [];
      setTimeout(() => fired.push(2), 200);
      setTimeout(() => fired.push(1), 100);
      expect(time.nextTimerInMs()).toBe(100);
      await time.advance(150);
      expect(fired).toEqual([1]);
      expect(time.elapsedMs).toBe(150);
      expect(time.nextTimerInMs()).toBe(50);
      await time.advance(50);
      expect(fired).toEqual([1, 2]);
      expect(time.nextTimerInMs()).toBeUndefined();
      draws.push([Math.random(), Math.random(), Math.random()]);
    } finally {
      time.uninstall();
    }
  }
  expect(draws[0]).toEqual(draws[1]);
  expect(Math.random).toBe(realRandom);
  expect(Date.now()).toBeGreaterThan(TRIAL_EPOCH_MS);
});

test('quiesce lets every pending promise chain run to its end', async () => {
  let steps = 0;
  const chain = async () => {
    for (let i = 0; i < 100; i++) {
      await Promise.resolve();
      steps += 1;
    }
  };
  void chain();
  await quiesce();
  expect(steps).toBe(100);
});
