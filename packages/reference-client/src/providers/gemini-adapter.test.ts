import { describe, expect, it } from 'vitest';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { geminiAdapter } from './gemini-adapter.js';

const tool = (inputSchema: Record<string, unknown>): DiscoveredTool => ({
  serverId: 's',
  name: 't',
  description: 'd',
  inputSchema,
  discoveredAtMs: 0,
  contractHash: 'h',
  advisories: [],
});
const adapt = (schema: Record<string, unknown>) => geminiAdapter.adapt(tool(schema), 's__t');
const parameters = (schema: Record<string, unknown>) => {
  const outcome = adapt(schema);
  if (!outcome.ok) throw new Error(`${outcome.reason}: ${outcome.detail}`);
  return outcome.definition.parameters as Record<string, unknown>;
};
const reason = (schema: Record<string, unknown>) => {
  const outcome = adapt(schema);
  return outcome.ok ? 'ok' : outcome.reason;
};

describe('geminiAdapter', () => {
  it('inlines local references and converts types, nullability and const (SC-01)', () => {
    const out = parameters({
      type: 'object',
      properties: {
        item: { $ref: '#/$defs/Item' },
        maybe: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Item' }] },
        kind: { const: 'x' },
        note: { type: ['string', 'null'] },
      },
      required: ['item'],
      $defs: { Item: { type: 'object', properties: { id: { type: 'integer' } } } },
    });
    expect(out).toEqual({
      type: 'OBJECT',
      properties: {
        item: { type: 'OBJECT', properties: { id: { type: 'INTEGER' } } },
        maybe: { type: 'OBJECT', properties: { id: { type: 'INTEGER' } }, nullable: true },
        kind: { type: 'STRING', enum: ['x'], format: 'enum' },
        note: { type: 'STRING', nullable: true },
      },
      required: ['item'],
    });
  });

  it('fails for a recursive reference it cannot inline, naming the reason (SC-01 S3)', () => {
    const outcome = adapt({
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: {
        node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } },
      },
    });
    expect(outcome.ok ? 'ok' : outcome.reason).toBe('recursive-ref');
  });

  it('fails where Gemini would change the meaning', () => {
    expect(reason({ type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } })).toBe(
      'enum-non-string',
    );
    expect(reason({ type: 'object', properties: { n: { type: ['string', 'integer'] } } })).toBe(
      'multi-type-unsupported',
    );
    expect(reason({ type: 'object', additionalProperties: { type: 'string' } })).toBe('open-object');
    expect(reason({ type: 'object', properties: { tags: { type: 'array' } } })).toBe('array-without-items');
    expect(reason({ type: 'object', properties: { a: { allOf: [] } } })).toBe('allOf-unsupported');
  });

  it('leaves additionalProperties: false and exclusive bounds to local validation', () => {
    const outcome = adapt({
      type: 'object',
      properties: { n: { type: 'number', exclusiveMinimum: 0 } },
      additionalProperties: false,
    });
    expect(outcome.ok && outcome.definition.parameters).toEqual({
      type: 'OBJECT',
      properties: { n: { type: 'NUMBER' } },
    });
    expect(outcome.ok && outcome.notes).toEqual(
      expect.arrayContaining([
        'exclusiveMinimum left to local validation',
        'additionalProperties: false left to local validation',
      ]),
    );
  });
});
