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
const isUniqueStrings = (value: unknown): boolean =>
  Array.isArray(value) && value.every(isString) && new Set(value).size === value.length;

/** What the 2020-12 meta-schema asks of each keyword's value, for the keywords the fast path knows. */
const KEYWORDS: ReadonlyMap<string, (value: unknown, depth: number) => boolean> = new Map<
  string,
  (value: unknown, depth: number) => boolean
>([
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
  ['items', (value, depth) => plainSchema(value, depth + 1)],
  ['additionalProperties', (value, depth) => plainSchema(value, depth + 1)],
  ['not', (value, depth) => plainSchema(value, depth + 1)],
  [
    'properties',
    (value, depth) => isObject(value) && Object.values(value).every((child) => plainSchema(child, depth + 1)),
  ],
  ...(['anyOf', 'oneOf', 'allOf'] as const).map(
    (keyword) =>
      [
        keyword,
        (value: unknown, depth: number) =>
          Array.isArray(value) && value.length > 0 && value.every((child) => plainSchema(child, depth + 1)),
      ] as const,
  ),
]);

function plainSchema(schema: unknown, depth: number): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema) || depth > MAX_DEPTH) return false;
  for (const key in schema) {
    if (!Object.hasOwn(schema, key)) continue;
    const check = KEYWORDS.get(key);
    if (check === undefined || !check(schema[key], depth)) return false;
  }
  return true;
}

/**
 * True when `schema` uses only common JSON Schema 2020-12 keywords (types, properties, items,
 * bounds, enums, combinators, annotations), each with a value the 2020-12 meta-schema accepts: the
 * schema is then meta-valid without asking ajv. False means "not known here", never "invalid":
 * the caller asks ajv, which names the problem. A property test holds it to ajv's answer.
 */
export function plainlyMetaValid2020(schema: Record<string, unknown>): boolean {
  return plainSchema(schema, 0);
}
