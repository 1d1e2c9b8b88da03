import { describe, expect, it } from 'vitest';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { anthropicAdapter } from './anthropic-adapter.js';

describe('anthropicAdapter', () => {
  it('passes JSON Schema through as input_schema, dropping $schema and extensions', () => {
    const tool: DiscoveredTool = {
      serverId: 's',
      name: 'search',
      title: 'Search',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          q: { type: 'string', 'x-mcp-header': 'Q' },
          n: { oneOf: [{ type: 'integer' }, { type: 'null' }] },
        },
        $defs: { unused: { type: 'string' } },
      },
      discoveredAtMs: 0,
      contractHash: 'h',
      advisories: [],
    };
    const outcome = anthropicAdapter.adapt(tool, 's__search');
    expect(outcome.ok && outcome.definition).toEqual({
      name: 's__search',
      description: 'Search',
      input_schema: {
        type: 'object',
        properties: { q: { type: 'string' }, n: { oneOf: [{ type: 'integer' }, { type: 'null' }] } },
        $defs: { unused: { type: 'string' } },
      },
    });
    expect(anthropicAdapter.toMcpArguments(tool, { q: null })).toEqual({ q: null });
  });
});
