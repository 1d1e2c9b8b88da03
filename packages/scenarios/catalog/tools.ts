import type { ScriptTool } from '@toolshift/fake-server';

/**
 * A realistic tool definition for scenario catalogs: an object input schema with a required
 * string `query` and an optional bounded integer `limit`, unless `inputSchema` is given.
 */
export function tool(name: string, overrides: Partial<ScriptTool> = {}): ScriptTool {
  return {
    name,
    description: `${name.replace(/_/g, ' ')}: looks up matching records and returns them as text.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for.' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          description: 'Largest number of records to return.',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    ...overrides,
  };
}

/** `count` tools named `<prefix>_01`, `<prefix>_02`, … (zero-padded so catalog order is name order). */
export function tools(prefix: string, count: number): ScriptTool[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => tool(`${prefix}_${String(i + 1).padStart(width, '0')}`));
}
