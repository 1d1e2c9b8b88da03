import { allowsNull } from './schema-nullability.js';

const MAX_DEPTH = 64;
const MAX_REF_HOPS = 16;

/**
 * Undoes the "optional → required + nullable" rewrite of strict providers: walks `value` along the
 * original `schema` and drops object keys whose value is `null` where the original property is
 * optional and does not admit `null`. Follows local `$ref`s; in a union it descends only when
 * exactly one branch describes an object. Anything it cannot map is left for argument validation.
 */
export function stripNullOptionals(value: unknown, schema: unknown, root: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  const node = deref(schema, root);
  if (node === undefined) return value;
  if (Array.isArray(value)) {
    return node.items !== undefined
      ? value.map((item) => stripNullOptionals(item, node.items, root, depth + 1))
      : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const properties = node.properties;
  if (typeof properties === 'object' && properties !== null) {
    const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const property = (properties as Record<string, unknown>)[key];
      if (property === undefined) {
        out[key] = item;
        continue;
      }
      if (item === null && !required.includes(key) && !allowsNull(deref(property, root) ?? property))
        continue;
      out[key] = stripNullOptionals(item, property, root, depth + 1);
    }
    return out;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const objects = branches
      .map((branch) => deref(branch, root))
      .filter((branch) => branch?.properties !== undefined);
    if (objects.length === 1) return stripNullOptionals(value, objects[0], root, depth + 1);
  }
  return value;
}

function deref(schema: unknown, root: unknown): Record<string, unknown> | undefined {
  let node = schema;
  for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref !== 'string') return node as Record<string, unknown>;
    if (!ref.startsWith('#/') && ref !== '#') return undefined;
    node = ref
      .slice(2)
      .split('/')
      .filter((token) => token !== '')
      .reduce<unknown>((at, raw) => {
        const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
        return typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[token] : undefined;
      }, root);
  }
  return undefined;
}
