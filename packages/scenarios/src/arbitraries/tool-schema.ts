import fc from 'fast-check';

/** A JSON object schema as tools carry it (`inputSchema`). */
export type ObjectSchema = {
  type: 'object';
  properties: Record<string, { type: 'string' | 'integer' | 'boolean' }>;
  required: string[];
  additionalProperties: false;
};

const PROPERTY_NAMES = [
  'query',
  'path',
  'limit',
  'id',
  'lookback',
  'duration',
  'to',
  'body',
  'force',
  'page',
];

/**
 * A valid 2020-12 input schema: an object with up to four typed properties, some required, no
 * extra properties (so arguments built for another version of the contract are rejected, the
 * SC-06 shape).
 */
export function toolSchema(): fc.Arbitrary<ObjectSchema> {
  return fc
    .uniqueArray(
      fc.tuple(
        fc.constantFrom(...PROPERTY_NAMES),
        fc.constantFrom('string', 'integer', 'boolean' as const),
        fc.boolean(),
      ),
      { minLength: 1, maxLength: 4, selector: ([name]) => name },
    )
    .map((props) => ({
      type: 'object' as const,
      properties: Object.fromEntries(props.map(([name, type]) => [name, { type }])),
      required: props.filter(([, , required]) => required).map(([name]) => name),
      additionalProperties: false as const,
    }));
}

/**
 * A hostile input schema from the failures real clients met: an unresolvable or network `$ref`, a
 * `required` name with no property, an array without `items`, a wrong root type, a recursive
 * `$ref`, an unknown dialect, deep nesting. A client may repair it or withhold the tool, but one
 * hostile tool must never hide the others or crash discovery.
 * @see ../shared/cases/discovery-cases.md SC-01, SC-03, SC-04; digest §2.4
 */
export function hostileSchema(): fc.Arbitrary<Record<string, unknown>> {
  const nested = (depth: number): Record<string, unknown> =>
    depth === 0 ? { type: 'string' } : { type: 'object', properties: { next: nested(depth - 1) } };
  return fc.oneof(
    fc.constant({ type: 'object', properties: { item: { $ref: '#/$defs/Missing' } } }),
    fc.constant({ type: 'object', properties: { item: { $ref: 'https://schemas.example/item.json' } } }),
    fc.constant({ type: 'object', properties: { query: { type: 'string' } }, required: ['query', 'limit'] }),
    fc.constant({ type: 'object', properties: { tags: { type: 'array' } } }),
    fc.constant({ type: 'array', items: { type: 'string' } }),
    fc.constant({
      type: 'object',
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      properties: { root: { $ref: '#/$defs/node' } },
    }),
    fc.constant({ $schema: 'https://example.com/unknown-dialect', type: 'object' }),
    fc.constant({ type: 'object', properties: { query: { type: 'no-such-type' } } }),
    fc.integer({ min: 40, max: 80 }).map((depth) => nested(depth)),
  );
}

/**
 * Arguments valid under `schema`, chosen by `n` (deterministic, so a call in a timeline is plain
 * data): every required property, and the optional ones when `n` is even.
 */
export function sampleArguments(schema: ObjectSchema, n: number): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, { type }] of Object.entries(schema.properties)) {
    if (!schema.required.includes(name) && n % 2 === 1) continue;
    args[name] = type === 'string' ? `v${n}` : type === 'integer' ? n : n % 3 === 0;
  }
  return args;
}
