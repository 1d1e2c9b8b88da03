/** A JSON Schema dialect the gate validates with: 2020-12 (the MCP default) or draft-07. */
export type SchemaDialect = '2020-12' | 'draft-07';

const DIALECTS: ReadonlyMap<string, SchemaDialect> = new Map([
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft-07/schema', 'draft-07'],
]);

/**
 * The dialect a schema declares with `$schema` (a trailing `#` is ignored); 2020-12 when absent.
 * Returns `{ unsupported }` naming the declared URI otherwise.
 * @see ../shared/spec/mcp-discovery-spec.md §2.4
 */
export function schemaDialect(schema: Record<string, unknown>): SchemaDialect | { unsupported: string } {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return { unsupported: String(declared) };
  const dialect = DIALECTS.get(declared.endsWith('#') ? declared.slice(0, -1) : declared);
  return dialect ?? { unsupported: declared };
}
