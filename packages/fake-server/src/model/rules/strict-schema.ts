import { objectOf } from '../model-turn.js';

/** One place a schema leaves the OpenAI Structured Outputs subset: the keys to it and the problem. */
export interface StrictProblem {
  context: Array<string | number>;
  problem: string;
}

/** Keywords Structured Outputs does not accept (composition and conditionals). */
const UNSUPPORTED = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
] as const;

function resolves(root: unknown, ref: string): boolean {
  if (ref === '#') return true;
  if (!ref.startsWith('#/')) return false;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    const container = objectOf(node);
    if (!container || !(key in container)) return false;
    node = container[key];
  }
  return true;
}

const typesOf = (node: Record<string, unknown>): unknown[] =>
  Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];

/**
 * Where `schema` leaves the subset OpenAI accepts for a function with `strict: true`: the root is an
 * object (not `anyOf`), every object lists its `properties`, closes itself with
 * `additionalProperties: false` and names every property in `required`, every array has `items`,
 * no composition or conditional keyword, every `$ref` resolves inside the schema. The first
 * problem found, in document order, or `undefined`.
 * @see https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */
export function strictSchemaProblem(schema: unknown): StrictProblem | undefined {
  const root = objectOf(schema);
  if (!root || !typesOf(root).includes('object') || root.anyOf !== undefined)
    return {
      context: [],
      problem: `schema must be a JSON Schema of 'type: "object"', got 'type: "${root && typeof root.type === 'string' ? root.type : 'None'}"'.`,
    };
  const visit = (value: unknown, context: Array<string | number>): StrictProblem | undefined => {
    const node = objectOf(value);
    if (!node) return undefined;
    for (const keyword of UNSUPPORTED)
      if (keyword in node) return { context, problem: `'${keyword}' is not permitted.` };
    if (typeof node.$ref === 'string' && !resolves(schema, node.$ref))
      return {
        context,
        problem: `reference to component '${node.$ref}' which was not found in the schema.`,
      };
    const types = typesOf(node);
    if (types.includes('object')) {
      const properties = objectOf(node.properties);
      if (!properties) return { context, problem: 'object schema missing properties.' };
      if (node.additionalProperties !== false)
        return { context, problem: "'additionalProperties' is required to be supplied and to be false." };
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = Object.keys(properties).find((name) => !required.includes(name));
      if (missing !== undefined)
        return {
          context,
          problem: `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        };
      for (const [name, child] of Object.entries(properties)) {
        const found = visit(child, [...context, 'properties', name]);
        if (found) return found;
      }
    }
    if (types.includes('array')) {
      if (node.items === undefined) return { context, problem: 'array schema missing items.' };
      const found = visit(node.items, [...context, 'items']);
      if (found) return found;
    }
    if (Array.isArray(node.anyOf))
      for (const [i, branch] of node.anyOf.entries()) {
        const found = visit(branch, [...context, 'anyOf', i]);
        if (found) return found;
      }
    for (const defs of ['$defs', 'definitions'] as const) {
      const definitions = objectOf(node[defs]);
      if (!definitions) continue;
      for (const [name, child] of Object.entries(definitions)) {
        const found = visit(child, [...context, defs, name]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(root, []);
}

/**
 * The first array without `items` in `schema` (following properties, items, `anyOf`/`oneOf`/`allOf`
 * branches and definitions), as the keys to it, or `undefined`.
 */
export function arrayWithoutItems(
  schema: unknown,
  context: Array<string | number> = [],
): Array<string | number> | undefined {
  const node = objectOf(schema);
  if (!node) return undefined;
  if (typesOf(node).includes('array') && node.items === undefined && node.prefixItems === undefined)
    return context;
  const children: Array<[unknown, Array<string | number>]> = [];
  for (const [name, child] of Object.entries(objectOf(node.properties) ?? {}))
    children.push([child, [...context, 'properties', name]]);
  if (node.items !== undefined) children.push([node.items, [...context, 'items']]);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(node[keyword]))
      for (const [i, branch] of (node[keyword] as unknown[]).entries())
        children.push([branch, [...context, keyword, i]]);
  for (const defs of ['$defs', 'definitions'] as const)
    for (const [name, child] of Object.entries(objectOf(node[defs]) ?? {}))
      children.push([child, [...context, defs, name]]);
  for (const [child, at] of children) {
    const found = arrayWithoutItems(child, at);
    if (found) return found;
  }
  return undefined;
}
