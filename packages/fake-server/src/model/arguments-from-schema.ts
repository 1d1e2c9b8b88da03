import { objectOf } from './model-turn.js';

const MAX_DEPTH = 8;

function typeOf(node: Record<string, unknown>): string | undefined {
  const type = Array.isArray(node.type) ? node.type.find((each) => each !== 'null') : node.type;
  return typeof type === 'string' ? type.toLowerCase() : undefined;
}

function resolve(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/'))
    node = objectOf(node)?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

function instance(schema: unknown, root: unknown, depth: number): unknown {
  const node = objectOf(schema);
  if (!node || depth > MAX_DEPTH) return {};
  if (typeof node.$ref === 'string') return instance(resolve(root, node.$ref), root, depth + 1);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ('default' in node) return node.default;
  const branches = node.anyOf ?? node.oneOf ?? node.any_of;
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = branches.find((each) => typeOf(objectOf(each) ?? {}) !== 'null') ?? branches[0];
    return instance(branch, root, depth + 1);
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 0) return instance(node.allOf[0], root, depth + 1);
  switch (typeOf(node)) {
    case 'string':
      return typeof node.format === 'string' && node.format === 'date-time'
        ? '2026-01-01T00:00:00Z'
        : 'example';
    case 'integer':
      return typeof node.minimum === 'number' ? Math.ceil(node.minimum) : 1;
    case 'number':
      return typeof node.minimum === 'number' ? node.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = typeof node.minItems === 'number' ? node.minItems : Number(node.minItems ?? 0);
      return Array.from({ length: Number.isFinite(count) ? count : 0 }, () =>
        instance(node.items, root, depth + 1),
      );
    }
    default: {
      const properties = objectOf(node.properties) ?? {};
      const required = Array.isArray(node.required)
        ? node.required.filter((name) => typeof name === 'string')
        : [];
      const out: Record<string, unknown> = {};
      for (const name of required as string[])
        if (name in properties) out[name] = instance(properties[name], root, depth + 1);
      return out;
    }
  }
}

/**
 * Arguments a scripted model makes up for a tool it calls without given arguments: the smallest
 * object its parameters schema accepts in the common cases (each required property filled from its
 * `const`, first `enum` value, `default`, first non-null branch or a value of its type; optional
 * properties left out). Reads JSON Schema and Gemini's OpenAPI subset (upper-case types) alike.
 * Deterministic; bounded in depth.
 */
export function argumentsFromSchema(schema: unknown): Record<string, unknown> {
  const made = instance(schema, schema, 0);
  return objectOf(made) ?? {};
}
