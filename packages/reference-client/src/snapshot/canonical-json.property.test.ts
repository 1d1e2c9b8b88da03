import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { fastCanonicalJson } from './canonical-json.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Strings that stress key ordering and escaping: astral characters, surrogate pairs, controls, quotes. */
const text = fc.string({ unit: 'binary', maxLength: 12 });
/** JSON values as JSON.parse produces them, with awkward numbers and keys. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(0, -0, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 0.1 + 0.2, 123456789012345680000),
    text,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(text, tie('value'), { maxKeys: 6 }),
  ),
})).value;

describe('fastCanonicalJson', () => {
  test.prop([json], { seed: 8785, numRuns: 2_000 })(
    'gives the same RFC 8785 text (so the same SHA-256) as the canonicalize package (seed 8785)',
    (value) => {
      const reference = canonicalize(value) as string;
      expect(fastCanonicalJson(value)).toBe(reference);
      expect(sha256(fastCanonicalJson(value))).toBe(sha256(reference));
    },
  );

  test.prop([json], { seed: 8786, numRuns: 500 })(
    'is the canonical form of its own parse: canonicalizing the text again changes nothing (seed 8786)',
    (value) => {
      const text = fastCanonicalJson(value);
      expect(fastCanonicalJson(JSON.parse(text))).toBe(text);
    },
  );

  /** Objects wider than the insertion sort takes, beside and inside narrow ones at the same depths. */
  const wide = fc.array(
    fc.oneof(
      fc.dictionary(text, fc.oneof(fc.integer(), fc.dictionary(text, fc.integer(), { maxKeys: 4 })), {
        minKeys: 28,
        maxKeys: 60,
      }),
      fc.dictionary(text, fc.integer(), { maxKeys: 3 }),
    ),
    { minLength: 2, maxLength: 6 },
  );
  test.prop([wide], { seed: 8787, numRuns: 300 })(
    'sorts wide objects and narrow siblings alike, whatever order the objects come in (seed 8787)',
    (value) => {
      expect(fastCanonicalJson(value)).toBe(canonicalize(value));
    },
  );

  it('writes a value whose toJSON canonicalizes other objects while keys are being read', () => {
    const inner = { z: { b: 1, a: 2 }, y: [{ d: 1, c: 2 }] };
    const value = {
      b: { y: 1, x: 2 },
      a: { toJSON: () => fastCanonicalJson(inner) },
      c: { q: { s: 1, r: 2 }, p: 0 },
    };
    expect(fastCanonicalJson(value)).toBe(canonicalize(value));
  });

  it('refuses what canonicalize refuses: NaN, Infinity, lone surrogates (in values and keys)', () => {
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '\uD800',
      'a\uDC00b',
      { '\uDBFF': 1 },
      ['\uD83D'],
    ]) {
      expect(() => canonicalize(bad)).toThrow();
      expect(() => fastCanonicalJson(bad)).toThrow();
    }
    expect(fastCanonicalJson('\uD83D\uDE00')).toBe(canonicalize('\uD83D\uDE00'));
  });
});
