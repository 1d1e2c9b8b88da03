import { describe, expect, it } from 'vitest';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { openAiStrictAdapter } from './openai-strict-adapter.js';

const tool = (inputSchema: Record<string, unknown>): DiscoveredTool => ({
  serverId: 's',
  name: 't',
  description: 'd',
  inputSchema,
  discoveredAtMs: 0,
  contractHash: 'h',
  advisories: [],
});
const adapt = (schema: Record<string, unknown>) => openAiStrictAdapter.adapt(tool(schema), 's__t');
const parameters = (schema: Record<string, unknown>) => {
  const outcome = adapt(schema);
  if (!outcome.ok) throw new Error(`${outcome.reason}: ${outcome.detail}`);
  return (outcome.definition.function as { parameters: Record<string, unknown> }).parameters;
};
const reason = (schema: Record<string, unknown>) => {
  const outcome = adapt(schema);
  return outcome.ok ? 'ok' : outcome.reason;
};

describe('openAiStrictAdapter', () => {
  it('closes objects and turns optional properties into required nullable ones', () => {
    const out = parameters({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: 'integer', minimum: 1 },
        mode: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['q'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: ['integer', 'null'], minimum: 1 },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
      },
      required: ['q', 'limit', 'mode'],
      additionalProperties: false,
    });
    const outcome = adapt({ type: 'object' });
    expect(outcome.ok && outcome.definition).toEqual({
      type: 'function',
      function: {
        name: 's__t',
        description: 'd',
        parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
        strict: true,
      },
    });
  });

  it('maps the nulls it introduced back to absent arguments', () => {
    const schema = {
      type: 'object',
      properties: {
        q: { type: 'string' },
        filter: { type: 'object', properties: { tag: { type: 'string' } } },
        items: { type: 'array', items: { $ref: '#/$defs/item' } },
      },
      required: ['q'],
      $defs: { item: { type: 'object', properties: { n: { type: 'integer' } } } },
    };
    const args = openAiStrictAdapter.toMcpArguments(tool(schema), {
      q: 'x',
      filter: { tag: null },
      items: [{ n: null }, { n: 2 }],
    });
    expect(args).toEqual({ q: 'x', filter: {}, items: [{}, { n: 2 }] });
  });

  it('fails where strict mode would change the meaning', () => {
    expect(reason({ type: 'object', additionalProperties: true })).toBe('open-object');
    expect(reason({ type: 'object', additionalProperties: { type: 'string' } })).toBe('open-object');
    expect(reason({ type: 'object', properties: { a: { allOf: [{ type: 'string' }] } } })).toBe(
      'allOf-unsupported',
    );
    expect(reason({ type: 'object', patternProperties: { '^x': { type: 'string' } } })).toBe(
      'patternProperties-unsupported',
    );
    expect(reason({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toBe(
      'optional-nullable-ambiguous',
    );
    expect(reason({ type: 'object', properties: { tags: { type: 'array' } } })).toBe('array-without-items');
    expect(reason({ type: 'object', properties: { a: {} }, required: ['a'] })).toBe('untyped-schema');
  });

  it('leaves constraints it cannot express to local validation and sends oneOf as anyOf', () => {
    const outcome = adapt({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, format: 'hostname' },
        v: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      required: ['name', 'v'],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const params = (outcome.definition.function as { parameters: { properties: Record<string, unknown> } })
      .parameters;
    expect(params.properties.name).toEqual({ type: 'string', format: 'hostname' });
    expect(params.properties.v).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(outcome.notes).toContain('minLength left to local validation');
  });

  it('keeps local references, including recursive ones, and renames definitions to $defs', () => {
    const out = parameters({
      type: 'object',
      properties: { root: { $ref: '#/definitions/node' } },
      required: ['root'],
      definitions: {
        node: {
          type: 'object',
          properties: { kids: { type: 'array', items: { $ref: '#/definitions/node' } } },
          required: ['kids'],
        },
      },
    });
    expect(out.properties).toEqual({ root: { $ref: '#/$defs/node' } });
    expect(Object.keys(out.$defs as object)).toEqual(['node']);
  });

  it('drops extension keywords such as x-mcp-header', () => {
    const out = parameters({
      type: 'object',
      properties: { r: { type: 'string', 'x-mcp-header': 'Region' } },
      required: ['r'],
    });
    expect(out.properties).toEqual({ r: { type: 'string' } });
  });
});
