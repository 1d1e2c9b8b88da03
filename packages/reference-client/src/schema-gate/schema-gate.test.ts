import { describe, expect, it } from 'vitest';
import { SchemaGate } from './schema-gate.js';
import { ValidatorCache } from './validator-cache.js';

const gate = new SchemaGate(new ValidatorCache());
const check = (entry: unknown, era: 'legacy' | 'modern' = 'modern') => gate.check(entry, era);
const reason = (entry: unknown, era: 'legacy' | 'modern' = 'modern') => {
  const outcome = check(entry, era);
  return outcome.ok ? 'ok' : outcome.rejection.reason;
};
const obj = { type: 'object' };

describe('SchemaGate', () => {
  it('passes a well-formed tool and returns its typed fields', () => {
    const outcome = check({
      name: 'search',
      title: 'Search',
      description: 'Find.',
      inputSchema: obj,
      annotations: { readOnlyHint: true },
    });
    expect(outcome.ok && outcome.tool).toEqual({
      name: 'search',
      title: 'Search',
      description: 'Find.',
      // A property-less object root is completed for providers; the server's schema is kept.
      inputSchema: { type: 'object', properties: {} },
      serverInputSchema: obj,
      normalizations: [{ pointer: '/inputSchema/properties', change: 'added "properties": {}' }],
      annotations: { readOnlyHint: true },
    });
  });

  it('normalizes {} and $schema-only input schemas, and still excludes a non-object root by name', () => {
    const empty = check({ name: 'noargs', inputSchema: {} });
    expect(empty.ok && empty.tool.inputSchema).toEqual({ type: 'object', properties: {} });
    const dialectOnly = check({
      name: 'dialect',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' },
    });
    expect(dialectOnly.ok && dialectOnly.tool.normalizations?.length).toBe(2);
    const word = check({ name: 'word', inputSchema: { type: 'string' } });
    expect(word).toMatchObject({ ok: false, name: 'word', rejection: { reason: 'root-not-object' } });
  });

  it('rejects malformed entries and names', () => {
    expect(reason('text')).toBe('not-an-object');
    expect(reason({ inputSchema: obj })).toBe('invalid-name');
    expect(reason({ name: '', inputSchema: obj })).toBe('invalid-name');
    expect(reason({ name: 'a\nb', inputSchema: obj })).toBe('invalid-name');
    expect(reason({ name: 'x'.repeat(300), inputSchema: obj })).toBe('invalid-name');
    expect(reason({ name: 't' })).toBe('invalid-field');
    expect(reason({ name: 't', inputSchema: obj, description: 5 })).toBe('invalid-field');
    expect(reason({ name: 't', inputSchema: null })).toBe('invalid-field');
  });

  it('supports 2020-12 by default and draft-07 when declared, and names any other dialect', () => {
    expect(
      reason({ name: 't', inputSchema: { ...obj, $schema: 'http://json-schema.org/draft-07/schema#' } }),
    ).toBe('ok');
    expect(
      reason({ name: 't', inputSchema: { ...obj, $schema: 'https://json-schema.org/draft/2020-12/schema' } }),
    ).toBe('ok');
    const outcome = check({
      name: 't',
      inputSchema: { ...obj, $schema: 'http://json-schema.org/draft-04/schema#' },
    });
    expect(outcome.ok ? '' : outcome.rejection.detail).toContain('draft-04');
  });

  it('requires an object root for inputs, and for outputs only in the legacy era', () => {
    expect(reason({ name: 't', inputSchema: { type: 'string' } })).toBe('root-not-object');
    const arrayOut = { name: 't', inputSchema: obj, outputSchema: { type: 'array', items: {} } };
    expect(reason(arrayOut, 'modern')).toBe('ok');
    expect(reason(arrayOut, 'legacy')).toBe('root-not-object');
  });

  it('rejects schemas that fail their meta-schema (e.g. required: false on a property)', () => {
    expect(
      reason({ name: 't', inputSchema: { ...obj, properties: { q: { type: 'string', required: false } } } }),
    ).toBe('invalid-schema');
    expect(reason({ name: 't', inputSchema: { ...obj, required: false } })).toBe('invalid-schema');
    expect(reason({ name: 't', inputSchema: { ...obj, properties: { q: { type: 'strang' } } } })).toBe(
      'invalid-schema',
    );
  });

  it('bounds description size and schema depth', () => {
    expect(reason({ name: 't', inputSchema: obj, description: 'x'.repeat(20_000) })).toBe(
      'description-too-long',
    );
    let deep: Record<string, unknown> = obj;
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { c: deep } };
    expect(reason({ name: 't', inputSchema: deep })).toBe('too-deep');
  });
});
