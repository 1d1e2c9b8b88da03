import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { StallAwareDeadline } from './stall-aware-deadline.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The process stalls for `ms`: the clock moves on, no timer runs. */
const stall = (ms: number) => vi.setSystemTime(Date.now() + ms);

test('without a stall the deadline passes after its wall time', () => {
  const deadline = new StallAwareDeadline(100);
  vi.advanceTimersByTime(60);
  expect(deadline.remainingMs()).toBe(40);
  vi.advanceTimersByTime(40);
  expect(deadline.remainingMs()).toBe(0);
  deadline.dispose();
});

test('time the event loop could not run is not counted (beyond one sample period of jitter)', () => {
  const deadline = new StallAwareDeadline(100);
  vi.advanceTimersByTime(50);
  stall(200);
  expect(deadline.remainingMs()).toBe(25);
  // The next sample counts the stall for good; from there the deadline runs down as usual.
  vi.advanceTimersByTime(25);
  expect(deadline.remainingMs()).toBe(25);
  expect(deadline.stalledMs()).toBe(200);
  vi.advanceTimersByTime(25);
  expect(deadline.remainingMs()).toBe(0);
  deadline.dispose();
});

test('stalls move the deadline by at most the extension limit', () => {
  const deadline = new StallAwareDeadline(100, 300);
  vi.advanceTimersByTime(50);
  stall(1000);
  expect(deadline.remainingMs()).toBe(100 + 300 - 1050);
  expect(deadline.stalledMs()).toBe(975);
  deadline.dispose();
});
