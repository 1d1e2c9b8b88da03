import { describe, expect, it } from 'vitest';
import type { AdaptError } from './adapt-error.js';
import { inlineLocalRefs } from './inline-refs.js';

describe('inlineLocalRefs', () => {
  it('replaces pointer and anchor references with their targets and drops $defs', () => {
    const out = inlineLocalRefs({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/A', description: 'the a' },
        b: { $ref: '#B' },
        $ref: { type: 'string' },
      },
      $defs: { A: { type: 'string' }, B: { $anchor: 'B', type: 'integer' } },
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'the a' },
        b: { $anchor: 'B', type: 'integer' },
        $ref: { type: 'string' },
      },
    });
  });

  it('refuses recursion, $ref with constraint siblings, and expansions past the cap', () => {
    const attempt = (schema: Record<string, unknown>, max?: number) => {
      try {
        inlineLocalRefs(schema, max);
        return 'ok';
      } catch (error) {
        return (error as AdaptError).reason;
      }
    };
    expect(attempt({ type: 'object', properties: { n: { $ref: '#' } } })).toBe('recursive-ref');
    expect(
      attempt({ type: 'object', properties: { n: { $ref: '#/$defs/x', minLength: 1 } }, $defs: { x: {} } }),
    ).toBe('ref-siblings-unsupported');
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, { $ref: '#/$defs/x' }])),
      $defs: { x: { type: 'string' } },
    };
    expect(attempt(wide, 5)).toBe('inline-too-large');
  });
});
