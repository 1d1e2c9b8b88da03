import { describe, expect, it } from 'vitest';
import { ValidatorCache } from './validator-cache.js';

const schema = (n: number) => ({
  type: 'object',
  properties: { [`p${n}`]: { type: 'integer' } },
  required: [`p${n}`],
});

describe('ValidatorCache', () => {
  it('compiles a contract once and reuses it by contractHash', () => {
    const cache = new ValidatorCache();
    const first = cache.compiled('h1', schema(1));
    const again = cache.compiled('h1', schema(1));
    expect(first.ok && again.ok && first.contract === again.contract).toBe(true);
    expect(cache.stats()).toEqual({ compiles: 1, hits: 1, size: 1 });
    if (!first.ok) throw new Error('compile failed');
    expect(first.contract.input({ p1: 3 })).toBe(true);
    expect(first.contract.input({ p1: 'x' })).toBe(false);
  });

  it('evicts the least recently used contract past its capacity', () => {
    const cache = new ValidatorCache(2);
    cache.compiled('a', schema(1));
    cache.compiled('b', schema(2));
    cache.compiled('a', schema(1));
    cache.compiled('c', schema(3));
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.stats().size).toBe(2);
  });

  it('validates formats, draft-07 and output schemas, and reports compile failures', () => {
    const cache = new ValidatorCache();
    const dated = cache.compiled('d', {
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' } },
    });
    expect(dated.ok && dated.contract.input({ at: 'yesterday' })).toBe(false);
    const draft7 = cache.compiled('7', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { t: { type: 'array', items: [{ type: 'string' }] } },
    });
    expect(draft7.ok && draft7.contract.input({ t: [1] })).toBe(false);
    const withOutput = cache.compiled('o', { type: 'object' }, { type: 'object', required: ['n'] });
    expect(withOutput.ok && withOutput.contract.output?.({})).toBe(false);
    const broken = cache.compiled('x', { type: 'object', properties: { a: { $ref: '#/nowhere' } } });
    expect(broken.ok).toBe(false);
  });

  it('meta-validates schemas against their dialect', () => {
    const cache = new ValidatorCache();
    expect(cache.metaValidate({ type: 'object' }, '2020-12')).toBeUndefined();
    expect(cache.metaValidate({ type: 'object', minProperties: -1 }, '2020-12')).toContain('minProperties');
  });
});
