import { type Static, Type } from '@sinclair/typebox';

/**
 * A tool definition in a script: `name` and an object `inputSchema` are required; other fields are
 * served as written (well-formed or deliberately hostile). Mirrors `Tool` in both revisions (§2.2).
 */
export const ScriptTool = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Tool name, unique within the catalog.' }),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    inputSchema: Type.Object(
      {},
      { additionalProperties: true, description: 'JSON Schema of the arguments.' },
    ),
    outputSchema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    annotations: Type.Optional(Type.Object({}, { additionalProperties: true })),
    _meta: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "The tool's _meta, served as written." }),
    ),
  },
  {
    additionalProperties: true,
    description:
      'A tool definition in a script: `name` and an object `inputSchema` are required; other fields are served as written (well-formed or deliberately hostile). Mirrors `Tool` in both revisions (§2.2).',
  },
);
export type ScriptTool = Static<typeof ScriptTool>;
