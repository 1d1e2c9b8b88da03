import fc from 'fast-check';
import { toolName } from './tool-name.js';
import { hostileSchema, type ObjectSchema, toolSchema } from './tool-schema.js';

/** A tool of a generated catalog; `hostile` marks a schema a client may refuse. */
export interface CatalogTool {
  name: string;
  inputSchema: ObjectSchema | Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
  hostile?: true;
}

/** Options of {@link catalog}. */
export interface CatalogOptions {
  minTools?: number;
  maxTools?: number;
  /** Chance (0-1) that a tool carries a hostile schema (default 0). */
  hostileRate?: number;
}

/** A catalog: tools with unique names and valid (or, at `hostileRate`, hostile) schemas. */
export function catalog(options: CatalogOptions = {}): fc.Arbitrary<CatalogTool[]> {
  const hostileRate = options.hostileRate ?? 0;
  const schema: fc.Arbitrary<{ inputSchema: CatalogTool['inputSchema']; hostile?: true }> =
    hostileRate > 0
      ? fc.oneof(
          {
            weight: Math.round((1 - hostileRate) * 100),
            arbitrary: toolSchema().map((inputSchema) => ({ inputSchema })),
          },
          {
            weight: Math.round(hostileRate * 100),
            arbitrary: hostileSchema().map((inputSchema) => ({ inputSchema, hostile: true as const })),
          },
        )
      : toolSchema().map((inputSchema) => ({ inputSchema }));
  return fc.uniqueArray(
    fc.record({ name: toolName(), schema }).map(({ name, schema: s }) => ({ name, ...s })),
    { minLength: options.minTools ?? 0, maxLength: options.maxTools ?? 6, selector: (tool) => tool.name },
  );
}
