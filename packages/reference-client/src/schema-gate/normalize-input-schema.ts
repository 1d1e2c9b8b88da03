import type { JsonObject } from '../snapshot/discovered-tool.js';

/** One change the normalizer made to a tool's input schema: where (JSON pointer) and what. */
export interface SchemaNormalization {
  /** JSON pointer into the tool, e.g. `/inputSchema/type`. */
  pointer: string;
  /** What was added, e.g. `added "type": "object"`. */
  change: string;
}

/**
 * Keywords that say nothing about the instance's type, or apply only to objects: a root made of
 * them alone describes tool arguments (always a JSON object), so `type: "object"` can be added
 * without admitting anything the schema rejected before (it only rejects non-objects, which are
 * never arguments).
 */
const OBJECT_ROOT_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
]);

/**
 * Completes a provider-bound input schema into the shape hosts and model providers expect, an
 * object schema with `properties`: `{}`, a `$schema`-only root, or a root of object keywords
 * without `type` gets `"type": "object"`; an object root without `properties` gets
 * `"properties": {}`. Nothing is weakened: tool arguments are always objects, and an empty
 * `properties` constrains nothing. Every change is returned, to record on the tool. A root that
 * says anything else (another `type`, a composition, a `$ref`) is returned unchanged for the gate
 * to judge.
 * @see ../shared/spec/mcp-discovery-spec.md §2.2 (no-parameter tools: `{"type":"object"}`)
 */
export function normalizeInputSchema(schema: JsonObject): {
  schema: JsonObject;
  normalizations: SchemaNormalization[];
} {
  const normalizations: SchemaNormalization[] = [];
  let result: Record<string, unknown> = schema as Record<string, unknown>;
  if (result.type === undefined && Object.keys(result).every((key) => OBJECT_ROOT_KEYWORDS.has(key))) {
    result = { ...result, type: 'object' };
    normalizations.push({ pointer: '/inputSchema/type', change: 'added "type": "object"' });
  }
  if (result.type === 'object' && result.properties === undefined) {
    result = { ...result, properties: {} };
    normalizations.push({ pointer: '/inputSchema/properties', change: 'added "properties": {}' });
  }
  return { schema: result, normalizations };
}
