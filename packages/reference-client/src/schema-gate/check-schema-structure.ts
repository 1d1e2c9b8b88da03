import { escapePointerToken } from './check-json-bounds.js';
import type { GateRejection } from './gate-verdict.js';
import type { SchemaDialect } from './schema-dialect.js';

/** Keywords whose value is one subschema applied to the same instance (in place). */
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
/** Keywords whose value is an array of subschemas applied in place. */
const IN_PLACE_ARRAY = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords whose value is one subschema applied to a child instance. */
const CHILD_SINGLE = [
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'items',
] as const;
/** Keywords whose value maps names to subschemas applied to child instances (or definitions). */
const CHILD_MAP = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
] as const;
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

type Schema = Record<string, unknown>;

interface SchemaNode {
  schema: Schema;
  parent: SchemaNode | undefined;
  /** Pointer tokens from the parent to this node, already escaped (e.g. `properties/q`). */
  key: string;
  /** Reached from the root through `properties` only (where `x-mcp-header` may appear). */
  viaPropertiesOnly: boolean;
}

/** What to check besides references: the era-dependent rules. */
export interface StructureRules {
  dialect: SchemaDialect;
  /** Check `x-mcp-header` (2026-07-28 over HTTP). */
  xMcpHeader: boolean;
}

/**
 * Schema-aware checks that ajv's meta-schema does not make: every `$ref` is local and resolves, no
 * `$ref`/composition loop returns to a schema without descending into the instance (it would
 * recurse forever), `required` names only defined properties, patterns compile, and `x-mcp-header`
 * follows the 2026-07-28 rules. Call after {@link checkJsonBounds}: the walk is iterative but trusts
 * the bounds for its cost. Pointers are built only for a rejection.
 * @param base JSON pointer of `root` inside the tool (e.g. `/inputSchema`).
 * @see ../shared/spec/mcp-discovery-spec.md §2.2 (x-mcp-header), §2.4 ($ref, bounds)
 */
export function checkSchemaStructure(
  root: Schema,
  base: string,
  rules: StructureRules,
): GateRejection | undefined {
  const anchors = new Map<string, Schema>();
  const ids = new Map<string, Schema>();
  const nodes: SchemaNode[] = [];
  const headers = new Set<string>();
  let hasRefs = false;
  const stack: SchemaNode[] = [{ schema: root, parent: undefined, key: '', viaPropertiesOnly: true }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    const { schema } = node;
    if (typeof schema.$anchor === 'string') anchors.set(schema.$anchor, schema);
    if (typeof schema.$id === 'string') {
      if (schema.$id.startsWith('#')) anchors.set(schema.$id.slice(1), schema);
      else ids.set(schema.$id, schema);
    }
    if (schema.$ref !== undefined || schema.$dynamicRef !== undefined) hasRefs = true;
    const rejection =
      checkRequired(node, base) ??
      checkPatterns(node, base) ??
      (rules.xMcpHeader ? checkHeader(node, base, headers) : undefined);
    if (rejection) return rejection;
    pushSubschemas(node, rules.dialect, stack);
  }
  // Without references the in-place graph is a tree: no loop is possible.
  if (!hasRefs) return undefined;

  const edges = new Map<Schema, Schema[]>();
  for (const node of nodes) {
    const { schema } = node;
    const targets: Schema[] = [];
    for (const key of IN_PLACE_SINGLE) if (isSchema(schema[key])) targets.push(schema[key] as Schema);
    for (const key of IN_PLACE_ARRAY) {
      const list = schema[key];
      if (Array.isArray(list)) for (const item of list) if (isSchema(item)) targets.push(item);
    }
    for (const key of ['$ref', '$dynamicRef'] as const) {
      const ref = schema[key];
      if (ref === undefined) continue;
      const pointer = `${base}${pointerOf(node)}/${key}`;
      if (typeof ref !== 'string')
        return { reason: 'invalid-schema', detail: `${key} must be a string`, pointer };
      const resolved = resolveRef(ref, root, anchors, ids);
      if ('rejection' in resolved) return { ...resolved.rejection, pointer };
      if (resolved.target) targets.push(resolved.target);
    }
    edges.set(schema, targets);
  }
  const cycleAt = findCycle(edges);
  if (cycleAt === undefined) return undefined;
  const node = nodes.find((candidate) => candidate.schema === cycleAt);
  return {
    reason: 'ref-cycle',
    detail: 'a $ref or composition loop returns to the same schema without descending into the instance',
    pointer: `${base}${node ? pointerOf(node) : ''}`,
  };
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerOf(node: SchemaNode): string {
  const keys: string[] = [];
  for (let at: SchemaNode | undefined = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`;
}

function pushSubschemas(node: SchemaNode, dialect: SchemaDialect, out: SchemaNode[]): void {
  const { schema } = node;
  const add = (value: unknown, key: string, viaProperties = false) => {
    if (!isSchema(value)) return;
    out.push({
      schema: value,
      parent: node,
      key,
      viaPropertiesOnly: viaProperties && node.viaPropertiesOnly,
    });
  };
  const addAll = (list: unknown, key: string) => {
    if (!Array.isArray(list)) return;
    for (let i = 0; i < list.length; i++) add(list[i], `${key}/${i}`);
  };
  for (const key of IN_PLACE_SINGLE) add(schema[key], key);
  for (const key of CHILD_SINGLE) {
    if (key === 'items' && dialect === 'draft-07' && Array.isArray(schema.items))
      addAll(schema.items, 'items');
    else add(schema[key], key);
  }
  for (const key of IN_PLACE_ARRAY) addAll(schema[key], key);
  addAll(schema.prefixItems, 'prefixItems');
  for (const key of CHILD_MAP) {
    const value = schema[key];
    if (!isSchema(value)) continue;
    for (const name in value) add(value[name], `${key}/${escapePointerToken(name)}`, key === 'properties');
  }
}

function checkRequired(node: SchemaNode, base: string): GateRejection | undefined {
  const { required, properties } = node.schema;
  if (!Array.isArray(required) || !isSchema(properties)) return undefined;
  const missing = required.filter((name) => typeof name === 'string' && !Object.hasOwn(properties, name));
  if (missing.length === 0) return undefined;
  return {
    reason: 'required-undefined-property',
    detail: `required names ${missing.map((m) => JSON.stringify(m)).join(', ')} not defined in properties`,
    pointer: `${base}${pointerOf(node)}/required`,
  };
}

function checkPatterns(node: SchemaNode, base: string): GateRejection | undefined {
  const { pattern, patternProperties } = node.schema;
  const patterns: Array<[string, () => string]> = [];
  if (typeof pattern === 'string') patterns.push([pattern, () => '/pattern']);
  if (isSchema(patternProperties)) {
    for (const key in patternProperties)
      patterns.push([key, () => `/patternProperties/${escapePointerToken(key)}`]);
  }
  for (const [source, suffix] of patterns) {
    try {
      new RegExp(source, 'u');
    } catch (error) {
      return {
        reason: 'invalid-pattern',
        detail: (error as Error).message,
        pointer: `${base}${pointerOf(node)}${suffix()}`,
      };
    }
  }
  return undefined;
}

function checkHeader(node: SchemaNode, base: string, seen: Set<string>): GateRejection | undefined {
  const header = node.schema['x-mcp-header'];
  if (header === undefined) return undefined;
  const reject = (detail: string): GateRejection => ({
    reason: 'invalid-x-mcp-header',
    detail,
    pointer: `${base}${pointerOf(node)}/x-mcp-header`,
  });
  if (!node.viaPropertiesOnly || node.parent === undefined) {
    return reject('x-mcp-header is only allowed on a property reached through properties alone');
  }
  if (typeof header !== 'string' || header.length === 0)
    return reject('x-mcp-header must be a non-empty string');
  if (!HEADER_TOKEN.test(header))
    return reject(`x-mcp-header ${JSON.stringify(header)} is not an RFC 9110 token`);
  const key = header.toLowerCase();
  if (seen.has(key)) return reject(`x-mcp-header ${JSON.stringify(header)} is declared twice`);
  seen.add(key);
  const type = node.schema.type;
  if (type !== 'string' && type !== 'integer' && type !== 'boolean') {
    return reject('x-mcp-header is only allowed on string, integer or boolean properties');
  }
  return undefined;
}

type Resolved = { target: Schema | undefined } | { rejection: Omit<GateRejection, 'pointer'> };

function resolveRef(
  ref: string,
  root: Schema,
  anchors: Map<string, Schema>,
  ids: Map<string, Schema>,
): Resolved {
  if (!ref.startsWith('#')) {
    const embedded = ids.get(ref);
    if (embedded !== undefined) return { target: embedded };
    return {
      rejection: { reason: 'external-ref', detail: `$ref ${JSON.stringify(ref)} would need a fetch` },
    };
  }
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) {
    const anchored = anchors.get(decodeURIComponentSafe(fragment));
    return anchored !== undefined
      ? { target: anchored }
      : { rejection: { reason: 'unresolvable-ref', detail: `no $anchor ${JSON.stringify(fragment)}` } };
  }
  let target: unknown = root;
  for (const raw of fragment === '' ? [] : fragment.slice(1).split('/')) {
    const token = decodeURIComponentSafe(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, token)) {
      return {
        rejection: { reason: 'unresolvable-ref', detail: `$ref ${JSON.stringify(ref)} has no target` },
      };
    }
    target = (target as Schema)[token];
  }
  if (typeof target === 'boolean') return { target: undefined };
  if (!isSchema(target)) {
    return {
      rejection: { reason: 'unresolvable-ref', detail: `$ref ${JSON.stringify(ref)} is not a schema` },
    };
  }
  return { target };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Iterative three-colour DFS over schema objects; returns a schema on a cycle, or undefined. */
function findCycle(edges: Map<Schema, Schema[]>): Schema | undefined {
  const state = new Map<Schema, 1 | 2>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: Schema; next: number }> = [{ node: start, next: 0 }];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = edges.get(top.node) ?? [];
      if (top.next >= targets.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const target = targets[top.next++]!;
      const seen = state.get(target);
      if (seen === 1) return target;
      if (seen === undefined) {
        state.set(target, 1);
        stack.push({ node: target, next: 0 });
      }
    }
  }
  return undefined;
}
