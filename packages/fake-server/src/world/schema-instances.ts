import type { JsonObject } from './tool-definition.js';

/** A small instance of a JSON Schema (covers the keywords tool output schemas commonly use). */
export function sampleInstance(schema: unknown, depth: number): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as JsonObject;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('default' in s) return s.default;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: JsonObject = {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      for (const key of required) out[key] = sampleInstance(properties[key] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return s.format === 'uri' ? 'https://example.com/' : 'sample';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/**
 * A value `schema` rejects, close to a valid one so the client has to validate to notice: an object
 * schema loses its first required property (or, with none required, gets its first property with a
 * value of the wrong type); any other schema gets a value of another type. `undefined` when the
 * schema accepts everything (`{}` or `true`).
 */
export function violatingInstance(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as JsonObject;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || (type === undefined && s.properties !== undefined)) {
    const valid = (sampleInstance(s, 0) ?? {}) as JsonObject;
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    const first = required[0];
    if (first !== undefined) {
      const { [first]: _dropped, ...rest } = valid;
      return rest;
    }
    const properties = Object.entries((s.properties ?? {}) as Record<string, JsonObject>);
    const property = properties[0];
    if (property) return { ...valid, [property[0]]: wrongTypeFor(property[1]) };
    return 'toolshift: not an object';
  }
  if (type === undefined && s.const === undefined && s.enum === undefined) return undefined;
  return wrongTypeFor(s);
}

function wrongTypeFor(schema: JsonObject): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 0;
    case 'integer':
    case 'number':
      return 'toolshift: not a number';
    case 'boolean':
      return 'toolshift: not a boolean';
    case 'array':
      return 'toolshift: not an array';
    case 'null':
      return 0;
    default:
      return schema.const !== undefined || schema.enum !== undefined ? 'toolshift: not allowed' : null;
  }
}
