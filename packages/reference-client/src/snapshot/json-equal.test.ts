import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { contractHash } from './contract-hash.js';
import { jsonEqual } from './json-equal.js';

describe('jsonEqual', () => {
  it('ignores key order and compares arrays in order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(false);
    expect(jsonEqual({ a: null }, { a: 0 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });

  it('gives up on absurd depth instead of overflowing the stack', () => {
    let a: unknown = 1;
    let b: unknown = 1;
    for (let i = 0; i < 50_000; i++) {
      a = [a];
      b = [b];
    }
    expect(jsonEqual(a, b)).toBe(false);
  });

  test.prop([fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 6 })], { seed: 777, numRuns: 300 })(
    'agrees with RFC 8785 hashing (seed 777)',
    (a, b) => {
      const wrap = (v: unknown) => ({ v });
      expect(jsonEqual(a, b)).toBe(contractHash(wrap(a)) === contractHash(wrap(b)));
      expect(jsonEqual(a, structuredClone(a))).toBe(true);
    },
  );
});
