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
const CHILD_MAP = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

interface SchemaNode {
  schema: Record<string, unknown>;
  pointer: string;
  /** Reached from the root through `properties` only (where `x-mcp-header` may appear). */
  viaPropertiesOnly: boolean;
  depthFromRoot: number;
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
 * the bounds for its cost.
 * @param base JSON pointer of `root` inside the tool (e.g. `/inputSchema`).
 * @see ../shared/spec/mcp-discovery-spec.md §2.2 (x-mcp-header), §2.4 ($ref, bounds)
 */
export function checkSchemaStructure(
  root: Record<string, unknown>,
  base: string,
  rules: StructureRules,
): GateRejection | undefined {
  const anchors = new Map<string, string>();
  const ids = new Map<string, string>();
  const nodes: SchemaNode[] = [];
  const stack: SchemaNode[] = [{ schema: root, pointer: '', viaPropertiesOnly: true, depthFromRoot: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    const { schema, pointer } = node;
    if (typeof schema.$anchor === 'string') anchors.set(schema.$anchor, pointer);
    if (typeof schema.$id === 'string') {
      if (schema.$id.startsWith('#')) anchors.set(schema.$id.slice(1), pointer);
      else ids.set(schema.$id, pointer);
    }
    for (const child of subschemas(node, rules.dialect)) stack.push(child);
  }

  const headers = new Set<string>();
  for (const node of nodes) {
    const rejection =
      checkRequired(node, base) ??
      checkPatterns(node, base) ??
      (rules.xMcpHeader ? checkHeader(node, base, headers) : undefined);
    if (rejection) return rejection;
  }

  // In-place edges (composition and $ref) between schema locations; a cycle never terminates.
  const edges = new Map<string, string[]>();
  for (const node of nodes) {
    const targets: string[] = [];
    for (const key of IN_PLACE_SINGLE)
      if (isSchemaObject(node.schema[key])) targets.push(`${node.pointer}/${key}`);
    for (const key of IN_PLACE_ARRAY) {
      const list = node.schema[key];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) targets.push(`${node.pointer}/${key}/${i}`);
    }
    for (const key of ['$ref', '$dynamicRef'] as const) {
      const ref = node.schema[key];
      if (ref === undefined) continue;
      if (typeof ref !== 'string') {
        return {
          reason: 'invalid-schema',
          detail: `${key} must be a string`,
          pointer: `${base}${node.pointer}`,
        };
      }
      const resolved = resolveRef(ref, root, anchors, ids);
      if ('rejection' in resolved) {
        return { ...resolved.rejection, pointer: `${base}${node.pointer}/${key}` };
      }
      targets.push(resolved.pointer);
    }
    edges.set(node.pointer, targets);
  }
  const cycleAt = findCycle(edges);
  if (cycleAt !== undefined) {
    return {
      reason: 'ref-cycle',
      detail: 'a $ref or composition loop returns to the same schema without descending into the instance',
      pointer: `${base}${cycleAt}`,
    };
  }
  return undefined;
}

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function subschemas(node: SchemaNode, dialect: SchemaDialect): SchemaNode[] {
  const { schema, pointer } = node;
  const out: SchemaNode[] = [];
  const add = (value: unknown, path: string, viaProperties = false) => {
    if (!isSchemaObject(value)) return;
    out.push({
      schema: value,
      pointer: path,
      viaPropertiesOnly: viaProperties && node.viaPropertiesOnly,
      depthFromRoot: node.depthFromRoot + 1,
    });
  };
  const addAll = (list: unknown, path: string) => {
    if (!Array.isArray(list)) return;
    for (let i = 0; i < list.length; i++) add(list[i], `${path}/${i}`);
  };
  for (const key of [...IN_PLACE_SINGLE, ...CHILD_SINGLE]) {
    if (key === 'items' && dialect === 'draft-07' && Array.isArray(schema.items))
      addAll(schema.items, `${pointer}/items`);
    else add(schema[key], `${pointer}/${key}`);
  }
  for (const key of [...IN_PLACE_ARRAY, 'prefixItems'] as const) addAll(schema[key], `${pointer}/${key}`);
  for (const key of [...CHILD_MAP, 'dependentSchemas', 'dependencies'] as const) {
    const value = schema[key];
    if (!isSchemaObject(value)) continue;
    for (const [name, sub] of Object.entries(value)) {
      add(sub, `${pointer}/${key}/${escapePointerToken(name)}`, key === 'properties');
    }
  }
  return out;
}

function checkRequired(node: SchemaNode, base: string): GateRejection | undefined {
  const { required, properties } = node.schema;
  if (!Array.isArray(required) || !isSchemaObject(properties)) return undefined;
  const missing = required.filter((name) => typeof name === 'string' && !Object.hasOwn(properties, name));
  if (missing.length === 0) return undefined;
  return {
    reason: 'required-undefined-property',
    detail: `required names ${missing.map((m) => JSON.stringify(m)).join(', ')} not defined in properties`,
    pointer: `${base}${node.pointer}/required`,
  };
}

function checkPatterns(node: SchemaNode, base: string): GateRejection | undefined {
  const patterns: Array<[string, string]> = [];
  if (typeof node.schema.pattern === 'string')
    patterns.push([node.schema.pattern, `${node.pointer}/pattern`]);
  if (isSchemaObject(node.schema.patternProperties)) {
    for (const key of Object.keys(node.schema.patternProperties)) {
      patterns.push([key, `${node.pointer}/patternProperties/${escapePointerToken(key)}`]);
    }
  }
  for (const [pattern, path] of patterns) {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      return { reason: 'invalid-pattern', detail: (error as Error).message, pointer: `${base}${path}` };
    }
  }
  return undefined;
}

function checkHeader(node: SchemaNode, base: string, seen: Set<string>): GateRejection | undefined {
  const header = node.schema['x-mcp-header'];
  if (header === undefined) return undefined;
  const pointer = `${base}${node.pointer}/x-mcp-header`;
  const reject = (detail: string): GateRejection => ({ reason: 'invalid-x-mcp-header', detail, pointer });
  if (!node.viaPropertiesOnly || node.depthFromRoot === 0) {
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

type Resolved = { pointer: string } | { rejection: Omit<GateRejection, 'pointer'> };

function resolveRef(
  ref: string,
  root: Record<string, unknown>,
  anchors: Map<string, string>,
  ids: Map<string, string>,
): Resolved {
  if (!ref.startsWith('#')) {
    const embedded = ids.get(ref);
    if (embedded !== undefined) return { pointer: embedded };
    return {
      rejection: { reason: 'external-ref', detail: `$ref ${JSON.stringify(ref)} would need a fetch` },
    };
  }
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) {
    const anchored = anchors.get(decodeURIComponentSafe(fragment));
    return anchored !== undefined
      ? { pointer: anchored }
      : { rejection: { reason: 'unresolvable-ref', detail: `no $anchor ${JSON.stringify(fragment)}` } };
  }
  let target: unknown = root;
  let pointer = '';
  for (const raw of fragment === '' ? [] : fragment.slice(1).split('/')) {
    const token = decodeURIComponentSafe(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, token)) {
      return {
        rejection: { reason: 'unresolvable-ref', detail: `$ref ${JSON.stringify(ref)} has no target` },
      };
    }
    target = (target as Record<string, unknown>)[token];
    pointer += `/${escapePointerToken(token)}`;
  }
  if (!isSchemaObject(target) && typeof target !== 'boolean') {
    return {
      rejection: { reason: 'unresolvable-ref', detail: `$ref ${JSON.stringify(ref)} is not a schema` },
    };
  }
  return { pointer };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Iterative three-colour DFS; returns a node on a cycle, or undefined. */
function findCycle(edges: Map<string, string[]>): string | undefined {
  const state = new Map<string, 1 | 2>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
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
