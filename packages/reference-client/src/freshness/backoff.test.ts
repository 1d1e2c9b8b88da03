import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff.js';

const policy = { initialMs: 1_000, maxMs: 30_000, factor: 2, jitter: 0.2 };

describe('backoffDelayMs', () => {
  it('grows exponentially up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => backoffDelayMs(policy, attempt, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('subtracts up to `jitter` of the delay', () => {
    expect(backoffDelayMs(policy, 0, () => 0.5)).toBe(900);
    expect(backoffDelayMs(policy, 0, () => 0.999)).toBeGreaterThanOrEqual(800);
  });
});
