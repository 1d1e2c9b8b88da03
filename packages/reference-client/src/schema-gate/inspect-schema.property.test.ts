import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Era, JsonObject } from '../snapshot/discovered-tool.js';
import { checkJsonBounds } from './check-json-bounds.js';
import { checkSchemaStructure } from './check-schema-structure.js';
import type { GateRejection } from './gate-verdict.js';
import { inspectSchema } from './inspect-schema.js';
import { normalizeInputSchema } from './normalize-input-schema.js';
import { plainlyMetaValid2020 } from './plainly-meta-valid.js';
import { schemaDialect } from './schema-dialect.js';
import { type SchemaGate as Gate, SchemaGate } from './schema-gate.js';
import type { SchemaLimits } from './schema-limits.js';
import { ValidatorCache } from './validator-cache.js';

/** Small limits, so that walks cross them now and then. */
const limits: SchemaLimits = {
  maxDepth: 6,
  maxNodes: 80,
  maxProperties: 8,
  maxStringLength: 48,
  maxDescriptionLength: 50,
};

const name = fc.constantFrom('a', 'b', 'c', 'x~y', 'a/b');
const scalar = fc.oneof(
  fc.constantFrom('string', 'a', '', 'a text longer than the forty-eight characters allowed'),
  fc.integer({ min: -2, max: 3 }),
  fc.boolean(),
  fc.constant(null),
);
/**
 * Schemas with every keyword the walk, the structure check and the meta-schema fast path treat
 * specially, mostly right and sometimes wrong: `required` names that `properties` may lack,
 * patterns that may not compile, draft-07 tuples, references, `x-mcp-header`, unknown keywords.
 */
const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ schema: Record<string, unknown> }>(
  (tie) => {
    const child = fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.boolean(), tie('schema'));
    const children = fc.array(child, { maxLength: 3 });
    const keywords: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.constantFrom('object', 'string', 'integer', 'array', 'strin', ['string', 'null'], 5),
      properties: fc.oneof(fc.dictionary(name, child, { maxKeys: 3 }), fc.constant([])),
      required: fc.oneof(fc.array(name, { maxLength: 3 }), fc.constant([1])),
      items: fc.oneof(child, children),
      anyOf: children,
      allOf: children,
      not: child,
      if: child,
      prefixItems: children,
      additionalProperties: child,
      patternProperties: fc.dictionary(fc.constantFrom('^a', '(', 'b+', '['), child, { maxKeys: 2 }),
      pattern: fc.constantFrom('^a$', '(', '[a-z]+', '\\p{L}', '\\q'),
      $defs: fc.dictionary(name, child, { maxKeys: 2 }),
      $ref: fc.constantFrom('#/$defs/a', '#', '#/properties/a', 'http://x', '#anch', 7),
      $anchor: fc.constant('anch'),
      'x-mcp-header': fc.constantFrom('X-A', 'bad header', '', 5),
      enum: fc.array(scalar, { maxLength: 3 }),
      default: scalar,
      description: scalar,
      minimum: scalar,
      unknownKeyword: scalar,
      $schema: fc.constantFrom(
        'https://json-schema.org/draft/2020-12/schema',
        'http://json-schema.org/draft-07/schema#',
      ),
    };
    // A few keywords per schema (`properties` and `required` often together), so most schemas stay in bounds.
    const picks = fc.oneof(
      fc.uniqueArray(fc.constantFrom(...Object.keys(keywords)), { maxLength: 3 }),
      fc
        .uniqueArray(fc.constantFrom(...Object.keys(keywords)), { maxLength: 2 })
        .map((keys) => [...new Set(['type', 'properties', 'required', ...keys])]),
    );
    return {
      schema: picks.chain((keys) =>
        fc
          .tuple(...keys.map((key) => keywords[key]!))
          .map((picked) => Object.fromEntries(keys.map((key, i) => [key, picked[i]]))),
      ),
    };
  },
).schema;
const dialect = fc.constantFrom('2020-12', 'draft-07') as fc.Arbitrary<'2020-12' | 'draft-07'>;

/** Freezing is the walk's side effect: work on a copy so fast-check's shrinking sees fresh values. */
const copy = <T>(value: T): T => structuredClone(value);

describe('inspectSchema', () => {
  it('counts every node, primitives included, against maxNodes', () => {
    const wide = { type: 'object', enum: Array.from({ length: 79 }, (_, i) => i) };
    expect(checkJsonBounds(wide, limits, '')).toMatchObject({ reason: 'too-many-nodes' });
    expect(inspectSchema(wide, limits, undefined, false).outOfBounds).toBe(true);
    const fits = { enum: Array.from({ length: 77 }, (_, i) => i) };
    expect(inspectSchema(fits, limits, undefined, false).outOfBounds).toBe(false);
  });

  it('holds each object to maxProperties keys', () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(inspectSchema({ properties: keys(8) }, limits, undefined, false).outOfBounds).toBe(false);
    expect(inspectSchema({ properties: keys(9) }, limits, undefined, false).outOfBounds).toBe(true);
    expect(checkJsonBounds({ properties: keys(9) }, limits, '')).toMatchObject({
      reason: 'too-many-properties',
    });
  });

  it('reads own members only: an enumerable property added to Object.prototype is no member of a schema', () => {
    const keys = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, i]));
    const pollute = { value: 'x', enumerable: true, configurable: true, writable: true };
    Object.defineProperty(Object.prototype, 'polluted', pollute);
    let inspected: ReturnType<typeof inspectSchema>;
    let bounded: ReturnType<typeof checkJsonBounds>;
    try {
      inspected = inspectSchema({ properties: keys }, limits, undefined, false);
      bounded = checkJsonBounds({ properties: keys }, limits, '');
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(inspected.outOfBounds).toBe(false);
    expect(bounded).toBeUndefined();
  });

  it('leaves a schema nested deeper than the fast path follows to ajv, under a host that allows the depth', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 70; i++) deep = { type: 'array', items: deep };
    const roomy = { ...limits, maxDepth: 500, maxNodes: 1_000 };
    expect(plainlyMetaValid2020(deep)).toBe(false);
    const inspection = inspectSchema(
      deep,
      roomy,
      { dialect: '2020-12', xMcpHeader: false, plain: true },
      false,
    );
    expect(inspection).toEqual({ outOfBounds: false, needsStructureCheck: false, plain: false });
    let shallow: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 60; i++) shallow = { type: 'array', items: shallow };
    expect(
      inspectSchema(shallow, roomy, { dialect: '2020-12', xMcpHeader: false, plain: true }, false).plain,
    ).toBe(true);
  });

  test.prop(
    [schema, dialect, fc.boolean(), fc.option(fc.constant('https://json-schema.org/draft/2020-12/schema'))],
    { seed: 4001, numRuns: 3_000 },
  )(
    'answers what checkJsonBounds, checkSchemaStructure and plainlyMetaValid2020 find (seed 4001)',
    (value, schemaDialectName, xMcpHeader, declared) => {
      const root = copy(value);
      if (declared !== null) root.$schema = declared;
      const inspection = inspectSchema(
        root,
        limits,
        { dialect: schemaDialectName, xMcpHeader, plain: true },
        false,
      );
      expect(inspection.outOfBounds).toBe(checkJsonBounds(root, limits, '') !== undefined);
      if (inspection.outOfBounds) return;
      const structure = checkSchemaStructure(root, '', { dialect: schemaDialectName, xMcpHeader });
      if (!inspection.needsStructureCheck) expect(structure).toBeUndefined();
      const { $schema: _dialect, ...rest } = root;
      expect(inspection.plain).toBe(schemaDialectName === '2020-12' && plainlyMetaValid2020(rest));
    },
  );

  test.prop([schema], { seed: 4002, numRuns: 1_000 })(
    'with freeze, leaves every object and array of an in-bounds value frozen (seed 4002)',
    (value) => {
      const root = copy(value);
      const inspection = inspectSchema(root, limits, undefined, true);
      if (inspection.outOfBounds) return;
      const pending: unknown[] = [root];
      while (pending.length > 0) {
        const next = pending.pop();
        if (typeof next !== 'object' || next === null) continue;
        expect(Object.isFrozen(next)).toBe(true);
        pending.push(...Object.values(next));
      }
    },
  );
});

/** The gate as it was before the single walk: bounds, normalization, dialect, root type, meta-schema, structure. */
function separateWalks(gate: Gate, validators: ValidatorCache, entry: Record<string, unknown>, era: Era) {
  for (const field of ['title', 'inputSchema', 'outputSchema', 'annotations', 'execution'] as const) {
    const bounded = checkJsonBounds(entry[field], gate.limits, `/${field}`);
    if (bounded) return bounded;
  }
  const check = (schema: JsonObject, base: string, rootMustBeObject: boolean, xMcpHeader: boolean) => {
    const found = schemaDialect(schema as Record<string, unknown>);
    if (typeof found !== 'string') return 'unsupported-dialect';
    if (rootMustBeObject && schema.type !== 'object') return 'root-not-object';
    if (validators.metaValidate(schema, found) !== undefined) return 'invalid-schema';
    return checkSchemaStructure(schema as Record<string, unknown>, base, { dialect: found, xMcpHeader });
  };
  const input = check(
    normalizeInputSchema(entry.inputSchema as JsonObject).schema,
    '/inputSchema',
    true,
    era === 'modern',
  );
  if (input) return input;
  return entry.outputSchema
    ? check(entry.outputSchema as JsonObject, '/outputSchema', era === 'legacy', false)
    : undefined;
}

describe('SchemaGate', () => {
  const validators = new ValidatorCache();
  const gate = new SchemaGate(validators, limits);
  test.prop(
    [
      schema,
      fc.option(schema, { nil: undefined }),
      fc.option(fc.dictionary(name, scalar, { maxKeys: 6 }), { nil: undefined }),
      fc.constantFrom('legacy', 'modern') as fc.Arbitrary<Era>,
      fc.boolean(),
    ],
    { seed: 4003, numRuns: 2_000 },
  )(
    'with one walk per part, rejects exactly what the separate walks rejected, with the same reason and pointer (seed 4003)',
    (inputSchema, outputSchema, annotations, era, freeze) => {
      const entry: Record<string, unknown> = { name: 't', inputSchema: copy(inputSchema) };
      if (outputSchema) entry.outputSchema = copy(outputSchema);
      if (annotations) entry.annotations = copy(annotations);
      const expected = separateWalks(gate, validators, copy(entry), era);
      const outcome = gate.check(entry, era, freeze);
      if (expected === undefined) {
        expect(outcome.ok).toBe(true);
        return;
      }
      expect(outcome.ok).toBe(false);
      const rejection = (outcome as { rejection: GateRejection }).rejection;
      if (typeof expected === 'string') expect(rejection.reason).toBe(expected);
      else expect(rejection).toEqual(expected);
    },
  );
});
