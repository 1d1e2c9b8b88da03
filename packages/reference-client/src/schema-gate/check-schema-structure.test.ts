import { describe, expect, it } from 'vitest';
import { checkSchemaStructure, type StructureRules } from './check-schema-structure.js';

const rules: StructureRules = { dialect: '2020-12', xMcpHeader: false };
const check = (schema: Record<string, unknown>, options: StructureRules = rules) =>
  checkSchemaStructure(schema, '/inputSchema', options);

describe('checkSchemaStructure', () => {
  it('accepts local $defs references and recursive structures that descend into the instance', () => {
    const tree = {
      type: 'object',
      properties: {
        root: { $ref: '#/$defs/node' },
        maybe: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/node' }] },
      },
      $defs: {
        node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
    };
    expect(check(tree)).toBeUndefined();
    expect(
      check({ type: 'object', properties: { x: { $ref: '#anchor' } }, $defs: { a: { $anchor: 'anchor' } } }),
    ).toBeUndefined();
  });

  it('rejects references that would need a fetch', () => {
    expect(
      check({ type: 'object', properties: { x: { $ref: 'https://evil.example/s.json' } } }),
    ).toMatchObject({
      reason: 'external-ref',
      pointer: '/inputSchema/properties/x/$ref',
    });
  });

  it('rejects references without a target', () => {
    expect(check({ type: 'object', properties: { x: { $ref: '#/$defs/missing' } } })?.reason).toBe(
      'unresolvable-ref',
    );
    expect(check({ type: 'object', properties: { x: { $ref: '#nope' } } })?.reason).toBe('unresolvable-ref');
  });

  it('rejects reference and composition loops that never descend', () => {
    expect(check({ type: 'object', $ref: '#' })?.reason).toBe('ref-cycle');
    expect(
      check({
        type: 'object',
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
        properties: { x: { $ref: '#/$defs/a' } },
      })?.reason,
    ).toBe('ref-cycle');
    expect(check({ type: 'object', allOf: [{ $ref: '#' }] })?.reason).toBe('ref-cycle');
  });

  it('rejects required names that properties does not define', () => {
    expect(check({ type: 'object', properties: { query: {} }, required: ['query', 'limit'] })).toMatchObject({
      reason: 'required-undefined-property',
      pointer: '/inputSchema/required',
    });
    expect(check({ type: 'object', required: ['free'] })).toBeUndefined();
  });

  it('rejects patterns that are not regular expressions', () => {
    expect(check({ type: 'object', properties: { x: { type: 'string', pattern: '([' } } })?.reason).toBe(
      'invalid-pattern',
    );
    expect(check({ type: 'object', patternProperties: { '(': {} } })?.reason).toBe('invalid-pattern');
  });

  it('checks x-mcp-header only when asked (2026-07-28)', () => {
    const modern = { dialect: '2020-12' as const, xMcpHeader: true };
    const ok = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } };
    expect(check(ok, modern)).toBeUndefined();
    const bad = (property: Record<string, unknown>) =>
      check({ type: 'object', properties: { p: property } }, modern)?.reason;
    expect(bad({ type: 'number', 'x-mcp-header': 'N' })).toBe('invalid-x-mcp-header');
    expect(bad({ type: 'string', 'x-mcp-header': 'has space' })).toBe('invalid-x-mcp-header');
    expect(bad({ type: 'string', 'x-mcp-header': '' })).toBe('invalid-x-mcp-header');
    const nested = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'X' } } },
    };
    expect(check(nested, modern)?.reason).toBe('invalid-x-mcp-header');
    const twice = {
      type: 'object',
      properties: { a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } },
    };
    expect(check(twice, modern)?.reason).toBe('invalid-x-mcp-header');
    expect(check(nested, rules)).toBeUndefined();
  });

  it('understands draft-07 array-form items', () => {
    const draft7 = { dialect: 'draft-07' as const, xMcpHeader: false };
    expect(
      check(
        {
          type: 'object',
          properties: { t: { items: [{ $ref: '#/definitions/x' }] } },
          definitions: { x: {} },
        },
        draft7,
      ),
    ).toBeUndefined();
    expect(
      check({ type: 'object', properties: { t: { items: [{ $ref: '#/definitions/y' }] } } }, draft7)?.reason,
    ).toBe('unresolvable-ref');
  });
});
