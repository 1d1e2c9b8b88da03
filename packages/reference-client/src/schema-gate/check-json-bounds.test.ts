import { describe, expect, it } from 'vitest';
import { checkJsonBounds } from './check-json-bounds.js';
import { DEFAULT_SCHEMA_LIMITS } from './schema-limits.js';

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { child: schema } };
  return schema;
}

describe('checkJsonBounds', () => {
  it('rejects a schema nested 10,000 deep without recursion', () => {
    const rejection = checkJsonBounds(nested(10_000), DEFAULT_SCHEMA_LIMITS, '/inputSchema');
    expect(rejection?.reason).toBe('too-deep');
    expect(rejection?.pointer.startsWith('/inputSchema/properties/child')).toBe(true);
  });

  it('accepts ordinary schemas', () => {
    expect(checkJsonBounds(nested(10), DEFAULT_SCHEMA_LIMITS, '')).toBeUndefined();
  });

  it('bounds nodes, keys per object and string length', () => {
    const limits = { ...DEFAULT_SCHEMA_LIMITS, maxNodes: 50, maxProperties: 5, maxStringLength: 12 };
    const wide = { properties: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, {}])) };
    expect(checkJsonBounds(wide, limits, '')?.reason).toBe('too-many-properties');
    const many = { enum: Array.from({ length: 60 }, (_, i) => i) };
    expect(checkJsonBounds(many, limits, '')?.reason).toBe('too-many-nodes');
    expect(checkJsonBounds({ description: 'x'.repeat(13) }, limits, '')).toMatchObject({
      reason: 'string-too-long',
      pointer: '/description',
    });
  });

  it('escapes pointer tokens and bounds keys too', () => {
    const limits = { ...DEFAULT_SCHEMA_LIMITS, maxStringLength: 4 };
    expect(checkJsonBounds({ 'a/b~': 'longer' }, limits, '')?.pointer).toBe('/a~1b~0');
    expect(checkJsonBounds({ longkey: 1 }, limits, '/s')).toMatchObject({
      reason: 'string-too-long',
      pointer: '/s',
    });
  });
});
