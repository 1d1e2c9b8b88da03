import { fc, test } from '@fast-check/vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { normalizeInputSchema } from './normalize-input-schema.js';

const changes = (schema: Record<string, unknown>) =>
  normalizeInputSchema(schema).normalizations.map((n) => n.change);

describe('normalizeInputSchema', () => {
  it('completes {}, a $schema-only root and a property-less object root, recording each change', () => {
    expect(normalizeInputSchema({})).toEqual({
      schema: { type: 'object', properties: {} },
      normalizations: [
        { pointer: '/inputSchema/type', change: 'added "type": "object"' },
        { pointer: '/inputSchema/properties', change: 'added "properties": {}' },
      ],
    });
    const dialect = 'https://json-schema.org/draft/2020-12/schema';
    expect(normalizeInputSchema({ $schema: dialect }).schema).toEqual({
      $schema: dialect,
      type: 'object',
      properties: {},
    });
    expect(changes({ type: 'object' })).toEqual(['added "properties": {}']);
    expect(changes({ properties: { q: { type: 'string' } }, required: ['q'] })).toEqual([
      'added "type": "object"',
    ]);
  });

  it('leaves complete object schemas and every other root alone (the gate judges those)', () => {
    for (const schema of [
      { type: 'object', properties: { q: {} } },
      { type: 'string' },
      { type: ['object', 'null'] },
      { anyOf: [{ type: 'object' }] },
      { $ref: '#/$defs/a', $defs: { a: { type: 'object' } } },
      { not: {} },
    ]) {
      const result = normalizeInputSchema(schema);
      expect(result.normalizations).toEqual([]);
      expect(result.schema).toBe(schema);
    }
  });

  const ajv = new Ajv2020({ strict: false });
  const simpleType = fc.constantFrom({ type: 'string' }, { type: 'number' }, { type: 'boolean' }, {});
  const objectSchema = fc
    .record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), simpleType, { maxKeys: 3 }),
        required: fc.subarray(['a', 'b', 'c']),
        additionalProperties: fc.boolean(),
        minProperties: fc.nat({ max: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((schema) => schema as Record<string, unknown>);
  const instance = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.jsonValue({ maxDepth: 1 }), {
    maxKeys: 4,
  });

  test.prop([objectSchema, instance], { seed: 1129, numRuns: 300 })(
    'never changes which argument objects a schema accepts (seed 1129)',
    (schema, args) => {
      const normalized = normalizeInputSchema(schema).schema;
      expect(ajv.validate(normalized, args)).toBe(ajv.validate(schema, args));
    },
  );
});
