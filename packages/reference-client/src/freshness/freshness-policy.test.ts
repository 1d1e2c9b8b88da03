import { describe, expect, it } from 'vitest';
import { DEFAULT_FRESHNESS_POLICY, effectiveTtlMs } from './freshness-policy.js';

describe('effectiveTtlMs', () => {
  it('honours the server hint in the modern era and caps absurd values', () => {
    expect(effectiveTtlMs(DEFAULT_FRESHNESS_POLICY, 'modern', 5_000)).toBe(5_000);
    expect(effectiveTtlMs(DEFAULT_FRESHNESS_POLICY, 'modern', 0)).toBe(0);
    expect(effectiveTtlMs(DEFAULT_FRESHNESS_POLICY, 'modern', Number.MAX_SAFE_INTEGER)).toBe(86_400_000);
  });

  it('gives legacy listings the configured lifetime', () => {
    expect(effectiveTtlMs(DEFAULT_FRESHNESS_POLICY, 'legacy', undefined)).toBe(300_000);
    expect(effectiveTtlMs({ maxTtlMs: 1_000, legacyTtlMs: 5_000 }, 'legacy', undefined)).toBe(1_000);
  });
});
