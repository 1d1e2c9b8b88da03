/** Deepest nesting the fast path follows before leaving the schema to ajv. */
const MAX_DEPTH = 64;

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
/** An array of distinct strings (pairwise for short arrays: no `Set` per `required` list). */
const isUniqueStrings = (value: unknown): boolean => {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  if (value.length > 16) return new Set(value).size === value.length;
  for (let i = 1; i < value.length; i++) for (let j = 0; j < i; j++) if (value[i] === value[j]) return false;
  return true;
};

/**
 * Checks a subschema value: `plainSchema` one level down (the recursive check), or only that it
 * is a boolean or an object (the per-node check, whose caller visits the objects itself).
 */
type SubschemaCheck = (value: unknown, depth: number) => boolean;
type KeywordCheck = (value: unknown, depth: number, subschema: SubschemaCheck) => boolean;

/** What the 2020-12 meta-schema asks of each keyword's value, for the keywords the fast path knows. */
const KEYWORDS: ReadonlyMap<string, KeywordCheck> = new Map<string, KeywordCheck>([
  ['title', isString],
  ['description', isString],
  ['$comment', isString],
  ['format', isString],
  ['pattern', isString],
  ['default', () => true],
  ['const', () => true],
  ['examples', Array.isArray],
  ['enum', Array.isArray],
  ['deprecated', isBoolean],
  ['readOnly', isBoolean],
  ['writeOnly', isBoolean],
  ['uniqueItems', isBoolean],
  ['minimum', isNumber],
  ['maximum', isNumber],
  ['exclusiveMinimum', isNumber],
  ['exclusiveMaximum', isNumber],
  ['multipleOf', (value) => isNumber(value) && (value as number) > 0],
  ['minLength', isCount],
  ['maxLength', isCount],
  ['minItems', isCount],
  ['maxItems', isCount],
  ['minProperties', isCount],
  ['maxProperties', isCount],
  ['required', isUniqueStrings],
  [
    'type',
    (value) =>
      typeof value === 'string'
        ? SIMPLE_TYPES.has(value)
        : isUniqueStrings(value) &&
          (value as string[]).length > 0 &&
          (value as string[]).every((type) => SIMPLE_TYPES.has(type)),
  ],
  ['items', (value, depth, subschema) => subschema(value, depth + 1)],
  ['additionalProperties', (value, depth, subschema) => subschema(value, depth + 1)],
  ['not', (value, depth, subschema) => subschema(value, depth + 1)],
  [
    'properties',
    (value, depth, subschema) =>
      isObject(value) && Object.values(value).every((child) => subschema(child, depth + 1)),
  ],
  ...(['anyOf', 'oneOf', 'allOf'] as const).map(
    (keyword) =>
      [
        keyword,
        (value: unknown, depth: number, subschema: SubschemaCheck) =>
          Array.isArray(value) && value.length > 0 && value.every((child) => subschema(child, depth + 1)),
      ] as const,
  ),
]);

function plainSchema(schema: unknown, depth: number): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema) || depth > MAX_DEPTH) return false;
  for (const key in schema) {
    if (!Object.hasOwn(schema, key)) continue;
    const check = KEYWORDS.get(key);
    if (check === undefined || !check(schema[key], depth, plainSchema)) return false;
  }
  return true;
}

/** A subschema below a node, as far as the node itself can tell: a boolean or an object. */
const shallowSubschema: SubschemaCheck = (value) => typeof value === 'boolean' || isObject(value);

/**
 * True when `schema` uses only common JSON Schema 2020-12 keywords (types, properties, items,
 * bounds, enums, combinators, annotations), each with a value the 2020-12 meta-schema accepts: the
 * schema is then meta-valid without asking ajv. False means "not known here", never "invalid":
 * the caller asks ajv, which names the problem. A property test holds it to ajv's answer.
 */
export function plainlyMetaValid2020(schema: Record<string, unknown>): boolean {
  return plainSchema(schema, 0);
}

/** Deepest subschema (the root is 0) the fast path accepts; deeper schemas are left to ajv. */
export const PLAIN_MAX_DEPTH = MAX_DEPTH;

/**
 * The same check for one keyword of a schema object at subschema `depth` (the root is 0), without
 * descending: a subschema below need only be a boolean or an object. A schema is plainly
 * meta-valid exactly when every keyword of it, and of every object reachable from it through
 * `items`, `additionalProperties`, `not`, `properties` members and `anyOf`/`oneOf`/`allOf`
 * elements, passes, and none of those objects sits deeper than {@link PLAIN_MAX_DEPTH}: the
 * schema walk of `inspectSchema` checks it that way, in the same pass as the bounds.
 */
export function plainlyMetaValidKeyword(key: string, value: unknown, depth: number): boolean {
  const check = KEYWORDS.get(key);
  return check?.(value, depth, shallowSubschema) === true;
}

/**
 * {@link plainlyMetaValidKeyword} of each keyword the fast path knows, as one check per keyword
 * (`check(value, depth)`): for a walk that looks a keyword up once for several purposes.
 */
export const PLAIN_KEYWORD_CHECKS: ReadonlyMap<string, (value: unknown, depth: number) => boolean> = new Map(
  [...KEYWORDS].map(([key, check]) => [
    key,
    (value: unknown, depth: number) => check(value, depth, shallowSubschema),
  ]),
);
