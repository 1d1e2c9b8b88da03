import { PLAIN_KEYWORD_CHECKS, PLAIN_MAX_DEPTH } from './plainly-meta-valid.js';
import type { SchemaDialect } from './schema-dialect.js';
import type { SchemaLimits } from './schema-limits.js';

/** What one walk over a contract part found (see {@link inspectSchema}). */
export interface SchemaInspection {
  /** Some bound of {@link SchemaLimits} is exceeded: `checkJsonBounds` names the first. */
  outOfBounds: boolean;
  /**
   * The structure needs `checkSchemaStructure`: a `required` name not in `properties`, a pattern
   * that does not compile, or what only the full check judges (`$ref`, `$dynamicRef`, and
   * `x-mcp-header` when checked). False: `checkSchemaStructure` would find nothing.
   */
  needsStructureCheck: boolean;
  /** `plainlyMetaValid2020` of the schema without its root `$schema` (false unless asked). */
  plain: boolean;
}

/** How to read a value as a schema; without it the walk checks bounds only. */
export interface SchemaReading {
  dialect: SchemaDialect;
  /** Check `x-mcp-header` (2026-07-28 over HTTP). */
  xMcpHeader: boolean;
  /**
   * The root as the gate judges it (an input schema after normalization: the same members plus
   * `type` and `properties` where they were added); its keywords are read in place of the value's.
   */
  root?: Record<string, unknown>;
  /** Work out `plain` (2020-12 schemas the meta-schema check may skip ajv for). */
  plain: boolean;
}

/** Where a value sits: plain data, a schema, or a container whose members are schemas. */
const DATA = 0;
const SCHEMA = 1;
const SCHEMA_LIST = 2;
const SCHEMA_MAP = 3;

/** Keywords whose value is one subschema (in place or applied to a child instance). */
const SINGLE = [
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'items',
];
/** Keywords whose value is an array of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
/** Keywords the structure check reads (besides the subschemas it walks). */
const STRUCTURE = ['$ref', '$dynamicRef', 'x-mcp-header', 'required', 'pattern', 'patternProperties'];

/** What the walk does with one keyword of a schema object: everything it needs, in one lookup. */
interface KeywordRole {
  /** SINGLE, LIST or MAP: how its value holds subschemas; DATA when it holds none. */
  holds: number;
  /** Something for `checkSchemaStructure` to judge, possibly. */
  structure: boolean;
  /** Its `plainlyMetaValidKeyword` check; absent for a keyword the fast path does not know. */
  plain: ((value: unknown, depth: number) => boolean) | undefined;
}

const KEYWORD_ROLES: ReadonlyMap<string, KeywordRole> = new Map(
  [...new Set([...SINGLE, ...LIST, ...MAP, ...STRUCTURE, ...PLAIN_KEYWORD_CHECKS.keys()])].map((key) => [
    key,
    {
      holds: SINGLE.includes(key)
        ? SCHEMA
        : LIST.includes(key)
          ? SCHEMA_LIST
          : MAP.includes(key)
            ? SCHEMA_MAP
            : DATA,
      structure: STRUCTURE.includes(key),
      plain: PLAIN_KEYWORD_CHECKS.get(key),
    },
  ]),
);

// The walk's stack, reused (the walk is synchronous and never re-entered).
const values: unknown[] = [];
const depths: number[] = [];
const roles: number[] = [];
const schemaDepths: number[] = [];

/**
 * One iterative walk over a contract part (a tool's input or output schema, its annotations or
 * execution) that does at once what the gate used to do in separate walks: the bounds of
 * `checkJsonBounds` (depth, nodes, keys per object, string and key lengths), the structure checks
 * of `checkSchemaStructure` that need no reference resolution (`required`, patterns), the
 * meta-schema fast path of `plainlyMetaValid2020`, and, with `freeze`, freezing every object and
 * array it reaches (the contract snapshot is deeply frozen: validators are cached by contract hash).
 * It answers whether each check would find something, not what: the gate asks the exact check only
 * then, so rejections (reason, detail, pointer) are the exact check's. Never recursive; it stops at
 * the first bound exceeded, so a hostile value costs O(limits).
 * `inspect-schema.property.test.ts` holds each answer to the check it stands for.
 * @param reading how to read `value` as a schema (omit for annotations and execution).
 */
export function inspectSchema(
  value: unknown,
  limits: SchemaLimits,
  reading: SchemaReading | undefined,
  freeze: boolean,
): SchemaInspection {
  const result: SchemaInspection = {
    outOfBounds: false,
    needsStructureCheck: false,
    plain: reading?.plain === true && reading.dialect === '2020-12',
  };
  // A walk stopped by a bound leaves its stack behind.
  if (values.length !== 0) values.length = depths.length = roles.length = schemaDepths.length = 0;
  const { maxNodes, maxStringLength, maxDepth, maxProperties } = limits;
  let nodes = 1;
  if (typeof value === 'string') result.outOfBounds = value.length > maxStringLength;
  if (isContainer(value)) push(value, 0, reading && isSchema(value) ? SCHEMA : DATA, 0);
  while (values.length > 0 && !result.outOfBounds) {
    const node = values.pop() as object;
    const depth = depths.pop()!;
    const role = roles.pop()!;
    const schemaDepth = schemaDepths.pop()!;
    if (depth >= maxDepth) {
      result.outOfBounds = true;
      break;
    }
    if (freeze) Object.freeze(node);
    if (Array.isArray(node)) {
      if (node.length > maxNodes) {
        result.outOfBounds = true;
        break;
      }
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i];
        if (++nodes > maxNodes || (typeof child === 'string' && child.length > maxStringLength)) {
          result.outOfBounds = true;
          break;
        }
        if (isContainer(child))
          push(child, depth + 1, role === SCHEMA_LIST && isSchema(child) ? SCHEMA : DATA, schemaDepth);
      }
      continue;
    }
    const object = node as Record<string, unknown>;
    const schemaNode = role === SCHEMA;
    if (schemaNode && schemaDepth > PLAIN_MAX_DEPTH) result.plain = false;
    // `for…in` with an own-key check visits what `Object.keys` lists, without allocating the list.
    let count = 0;
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const child = object[key];
      if (
        ++count > maxProperties ||
        key.length > maxStringLength ||
        ++nodes > maxNodes ||
        (typeof child === 'string' && child.length > maxStringLength)
      ) {
        result.outOfBounds = true;
        break;
      }
      if (schemaNode) {
        const keyword = KEYWORD_ROLES.get(key);
        // The root's `$schema` names the dialect; the meta-schema check leaves it out.
        if (
          result.plain &&
          !(depth === 0 && key === '$schema') &&
          keyword?.plain?.(child, schemaDepth) !== true
        )
          result.plain = false;
        if (keyword === undefined) {
          if (isContainer(child)) push(child, depth + 1, DATA, schemaDepth + 1);
          continue;
        }
        if (keyword.structure && !result.needsStructureCheck) {
          // The root's `required` is judged against the gate's root (normalization may add `properties`).
          const schema = depth === 0 && reading!.root ? reading!.root : object;
          result.needsStructureCheck = needsStructureCheck(key, child, schema, reading!);
        }
        if (isContainer(child))
          push(child, depth + 1, childRole(keyword.holds, key, child, reading!.dialect), schemaDepth + 1);
        continue;
      }
      if (!isContainer(child)) continue;
      push(child, depth + 1, role === SCHEMA_MAP && isSchema(child) ? SCHEMA : DATA, schemaDepth);
    }
  }
  return result;
}

function push(value: object, depth: number, role: number, schemaDepth: number): void {
  values.push(value);
  depths.push(depth);
  roles.push(role);
  schemaDepths.push(schemaDepth);
}

/** The role of a schema's member `key` holding `holds` (as `checkSchemaStructure` walks subschemas). */
function childRole(holds: number, key: string, child: object, dialect: SchemaDialect): number {
  if (holds === SCHEMA) {
    if (isSchema(child)) return SCHEMA;
    return key === 'items' && dialect === 'draft-07' ? SCHEMA_LIST : DATA;
  }
  if (holds === SCHEMA_LIST) return Array.isArray(child) ? SCHEMA_LIST : DATA;
  if (holds === SCHEMA_MAP) return isSchema(child) ? SCHEMA_MAP : DATA;
  return DATA;
}

/** Whether keyword `key` of `schema` (with value `value`) is something for `checkSchemaStructure`. */
function needsStructureCheck(
  key: string,
  value: unknown,
  schema: Record<string, unknown>,
  reading: SchemaReading,
): boolean {
  switch (key) {
    case '$ref':
    case '$dynamicRef':
      return true;
    case 'x-mcp-header':
      return reading.xMcpHeader;
    case 'required':
      return !requiredDefined(schema);
    default:
      return !patternsCompile(key, value);
  }
}

/** Every string in `required` names a member of `properties` (when both are there). */
function requiredDefined(schema: Record<string, unknown>): boolean {
  const { required, properties } = schema;
  if (!Array.isArray(required) || !isSchema(properties)) return true;
  for (const name of required) if (typeof name === 'string' && !Object.hasOwn(properties, name)) return false;
  return true;
}

/** A `pattern`, or every name of a `patternProperties`, compiles as a Unicode regular expression. */
function patternsCompile(keyword: string, value: unknown): boolean {
  try {
    if (keyword === 'pattern' && typeof value === 'string') new RegExp(value, 'u');
    if (keyword === 'patternProperties' && isSchema(value)) for (const key in value) new RegExp(key, 'u');
  } catch {
    return false;
  }
  return true;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isSchema(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
