import { expect, test } from 'vitest';
import { SkewableClock } from './skewable-clock.js';

test('advance moves now() forward and fires the timers that became due, in due order, once', () => {
  const clock = new SkewableClock();
  const fired: string[] = [];
  const start = clock.now();
  clock.setTimer(() => fired.push('late'), 60_000);
  clock.setTimer(() => fired.push('early'), 30_000);
  const cancel = clock.setTimer(() => fired.push('cancelled'), 10_000);
  cancel();
  clock.advance(45_000);
  expect(fired).toEqual(['early']);
  expect(clock.now() - start).toBeGreaterThanOrEqual(45_000);
  clock.advance(15_000);
  clock.advance(60_000);
  expect(fired).toEqual(['early', 'late']);
});

test('a timer still fires in real time without an advance', async () => {
  const clock = new SkewableClock();
  const fired = await new Promise<boolean>((resolve) => clock.setTimer(() => resolve(true), 1));
  expect(fired).toBe(true);
});
