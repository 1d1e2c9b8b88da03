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

/** A tool whose description (what the model reads to pick it) is `description`. */
export function describedTool(
  name: string,
  description: string,
  overrides: Partial<ScriptTool> = {},
): ScriptTool {
  return tool(name, { description, ...overrides });
}

/**
 * A tool with a long description (about `descriptionBytes` bytes of plausible prose) and a nested
 * input schema, like the verbose tools that crowd a model's context window.
 */
export function verboseTool(name: string, descriptionBytes: number): ScriptTool {
  const sentence = `${name.replace(/_/g, ' ')} searches the workspace index, filters by owner, label and date range, and returns ranked matches with excerpts. `;
  return tool(name, {
    description: sentence
      .repeat(Math.max(1, Math.ceil(descriptionBytes / sentence.length)))
      .slice(0, descriptionBytes),
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Full-text query.' },
        filters: {
          type: 'object',
          properties: {
            owner: { type: 'string' },
            labels: { type: 'array', items: { type: 'string' } },
            range: {
              type: 'object',
              properties: {
                from: { type: 'string', format: 'date' },
                to: { type: 'string', format: 'date' },
              },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['query'],
      additionalProperties: false,
    },
  });
}

/** `count` verbose tools named `<prefix>_01` … with descriptions of about `descriptionBytes` bytes. */
export function verboseTools(prefix: string, count: number, descriptionBytes: number): ScriptTool[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) =>
    verboseTool(`${prefix}_${String(i + 1).padStart(width, '0')}`, descriptionBytes),
  );
}
