import { fc, test } from '@fast-check/vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { plainlyMetaValid2020 } from './plainly-meta-valid.js';

// The gate's meta-schema checker, configured as ValidatorCache configures it.
const ajv = new Ajv2020({
  strict: false,
  allErrors: false,
  addUsedSchema: false,
  validateSchema: false,
  logger: false,
  code: { optimize: false },
});
const ajvAccepts = (schema: unknown) => ajv.validateSchema(schema as Record<string, unknown>) === true;

/** Keyword values, right and wrong: each keyword also gets values of every other keyword's kind. */
const anyValue = fc.oneof(
  fc.constantFrom(
    'string',
    'integer',
    'strin',
    '',
    '[',
    'uri',
    -1,
    0,
    1,
    1.5,
    -0.5,
    true,
    false,
    null,
    [],
    ['a'],
    ['a', 'a'],
    ['string', 'null'],
    ['string', 'string'],
    [1],
    {},
    { a: 1 },
  ),
  fc.integer({ min: -3, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 4 }),
);
/** A value of the kind the meta-schema asks for `keyword` (mostly right, sometimes subtly wrong). */
function rightish(keyword: string, tie: (name: string) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  switch (keyword) {
    case 'type':
      return fc.oneof(
        fc.constantFrom('string', 'integer', 'object', 'array', 'null', 'number', 'boolean', 'strin'),
        fc.uniqueArray(fc.constantFrom('string', 'integer', 'null', 'strin'), { maxLength: 3 }),
        fc.array(fc.constantFrom('string', 'null'), { maxLength: 3 }),
      );
    case 'required':
      return fc.oneof(
        fc.uniqueArray(fc.string({ maxLength: 2 }), { maxLength: 3 }),
        fc.array(fc.constantFrom('a', 1)),
      );
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return fc.oneof(fc.nat(20), fc.constantFrom(-1, 1.5, 2.0));
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'items':
    case 'additionalProperties':
    case 'not':
      return tie('schema');
    case 'properties':
      return tie('properties');
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      return tie('schemas');
    case 'enum':
    case 'examples':
      return fc.array(anyValue, { maxLength: 3 });
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
    case 'uniqueItems':
      return fc.boolean();
    default:
      return fc.string({ maxLength: 4 });
  }
}
const KEYWORDS = [
  'type',
  'title',
  'description',
  '$comment',
  'format',
  'pattern',
  'default',
  'const',
  'examples',
  'enum',
  'deprecated',
  'readOnly',
  'writeOnly',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'required',
  'items',
  'additionalProperties',
  'not',
  'properties',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
  '$ref',
  'x-extra',
];
const schema = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc
      .shuffledSubarray(KEYWORDS, { maxLength: 5 })
      .chain((keys) =>
        fc.tuple(
          ...keys.map((key) =>
            fc.tuple(
              fc.constant(key),
              fc.oneof({ weight: 9, arbitrary: rightish(key, tie) }, { weight: 1, arbitrary: anyValue }),
            ),
          ),
        ),
      )
      .map((entries) => Object.fromEntries(entries)),
  ),
  schemas: fc.array(tie('schema'), { maxLength: 3 }),
  properties: fc.dictionary(fc.string({ maxLength: 3 }), tie('schema'), { maxKeys: 3 }),
})).schema;

describe('plainlyMetaValid2020', () => {
  test.prop([schema], { seed: 2020, numRuns: 5_000 })(
    "never accepts a schema ajv's 2020-12 meta-schema check rejects (seed 2020)",
    (candidate) => {
      if (typeof candidate !== 'object' || Array.isArray(candidate)) return;
      if (plainlyMetaValid2020(candidate)) expect(ajvAccepts(candidate)).toBe(true);
    },
  );

  it('accepts typical tool schemas, so the gate skips ajv for them', () => {
    const tool = {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for.', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        mode: { type: 'string', enum: ['fast', 'thorough'] },
        tags: { type: 'array', items: { type: 'string' } },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      },
      required: ['query'],
      additionalProperties: false,
    };
    expect(plainlyMetaValid2020(tool)).toBe(true);
    expect(ajvAccepts(tool)).toBe(true);
  });

  it('leaves wrong values and unknown keywords to ajv', () => {
    for (const candidate of [
      { type: 'strin' },
      { minLength: -1 },
      { required: ['a', 'a'] },
      { type: [] },
      { anyOf: [] },
      { multipleOf: 0 },
      { properties: { a: 1 } },
      { $ref: '#/$defs/a' },
      { 'x-extra': 1 },
    ]) {
      expect(plainlyMetaValid2020(candidate), JSON.stringify(candidate)).toBe(false);
    }
  });
});
