import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { sampleInstance, violatingInstance } from './schema-instances.js';

const ajv = new Ajv2020({ strict: false });

const SCHEMAS = [
  { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
  { type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array' } } },
  {
    type: 'object',
    properties: { nested: { type: 'object', properties: { a: { const: 1 } }, required: ['a'] } },
    required: ['nested'],
  },
  { type: 'object', additionalProperties: false },
  { type: 'string' },
  { type: 'number', minimum: 3 },
  { enum: ['a', 'b'] },
];

describe('schema instances', () => {
  it.each(SCHEMAS)('the sample of %j is valid and the violating instance is not', (schema) => {
    const validate = ajv.compile(schema);
    expect(validate(sampleInstance(schema, 0))).toBe(true);
    expect(validate(violatingInstance(schema))).toBe(false);
  });

  it('has no violating instance for a schema that accepts everything', () => {
    expect(violatingInstance({})).toBeUndefined();
  });
});
