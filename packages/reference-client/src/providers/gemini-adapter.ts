import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { AdaptError } from './adapt-error.js';
import { inlineLocalRefs } from './inline-refs.js';
import { failure } from './openai-strict-adapter.js';
import type { AdaptOutcome, ProviderAdapter } from './provider-adapter.js';
import { keywordRules, rewriteSchema } from './rewrite-schema.js';

const KEYWORDS = keywordRules({
  keep: [
    'type',
    'properties',
    'required',
    'items',
    'enum',
    'const',
    'anyOf',
    'oneOf',
    'description',
    'title',
    'nullable',
    'format',
    'default',
    'minimum',
    'maximum',
    'minItems',
    'maxItems',
    'minLength',
    'maxLength',
    'pattern',
    'minProperties',
    'maxProperties',
    'additionalProperties',
  ],
  enforced: [
    'not',
    'if',
    'then',
    'else',
    'dependentRequired',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
    'propertyNames',
  ],
  unsupported: [
    'allOf',
    'patternProperties',
    'prefixItems',
    'additionalItems',
    'dependentSchemas',
    'dependencies',
    'unevaluatedProperties',
    'unevaluatedItems',
  ],
});

const TYPES: Readonly<Record<string, string>> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};
const FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  STRING: new Set(['enum', 'date-time']),
  NUMBER: new Set(['float', 'double']),
  INTEGER: new Set(['int32', 'int64']),
};

/**
 * Gemini function declarations (`name`, `description`, `parameters` in the OpenAPI 3.0 Schema
 * subset): local `$ref`s are inlined (a recursive one fails), types become `STRING`/`OBJECT`/…,
 * `[T, "null"]` becomes `T` + `nullable`, a string `const` becomes a one-value `enum`, `oneOf` is
 * sent as `anyOf`; non-string enums, multi-type unions, open objects (`additionalProperties` with a
 * schema), `allOf` and `patternProperties` fail. Names: start with a letter or `_`, then
 * `[a-zA-Z0-9_.:-]`, at most 64. At most 128 function declarations per request (Vertex AI's
 * function-calling reference: "The maximum number of function declarations that can be provided
 * with the request is 128"; older SDK docstrings said 64: pass `maxTools` to `expose` for those).
 */
export const geminiAdapter: ProviderAdapter = {
  id: 'gemini',
  nameRule: { allowed: /^[a-zA-Z0-9_.:-]$/, first: /^[a-zA-Z_]$/, maxLength: 64 },
  maxTools: 128,
  adapt(tool: DiscoveredTool, alias: string): AdaptOutcome {
    const notes = new Set<string>();
    try {
      const inlined = inlineLocalRefs(tool.inputSchema as Record<string, unknown>);
      const parameters = rewriteSchema(
        inlined,
        {
          keywords: KEYWORDS,
          renames: { oneOf: 'anyOf' },
          finish: (node, pointer) => finish(node, pointer, notes),
        },
        '',
        notes,
      );
      return {
        ok: true,
        definition: { name: alias, description: tool.description ?? tool.title ?? '', parameters },
        notes: [...notes],
      };
    } catch (error) {
      return failure(error);
    }
  },
  toMcpArguments: (_tool, args) => args,
};

function finish(node: Record<string, unknown>, pointer: string, notes: Set<string>): Record<string, unknown> {
  const out = { ...node };
  for (const [key, value] of Object.entries(out)) {
    const children =
      key === 'properties'
        ? Object.values(value as object)
        : key === 'anyOf'
          ? (value as unknown[])
          : key === 'items'
            ? [value]
            : [];
    if (children.some((child) => typeof child === 'boolean')) {
      throw new AdaptError(
        'boolean-schema-unsupported',
        `${pointer}/${key}`,
        'Gemini schemas cannot be true/false',
      );
    }
  }
  if (out.additionalProperties !== undefined) {
    if (typeof out.additionalProperties === 'object') {
      throw new AdaptError(
        'open-object',
        `${pointer}/additionalProperties`,
        'Gemini cannot express a map of typed values',
      );
    }
    if (out.additionalProperties === false) notes.add('additionalProperties: false left to local validation');
    delete out.additionalProperties;
  }
  if (Array.isArray(out.anyOf)) {
    const branches = out.anyOf as Array<Record<string, unknown>>;
    const rest = branches.filter((branch) => branch.type !== 'NULL' && branch.type !== 'null');
    if (rest.length !== branches.length) {
      out.nullable = true;
      out.anyOf = rest;
    }
    if (
      rest.length === 1 &&
      Object.keys(out).every((key) => ['anyOf', 'nullable', 'description', 'title'].includes(key))
    ) {
      const { anyOf: _anyOf, ...keep } = out;
      return { ...rest[0], ...keep };
    }
  }
  if ('const' in out) {
    if (typeof out.const !== 'string')
      throw new AdaptError('const-non-string', `${pointer}/const`, 'Gemini enums hold strings only');
    out.enum = [out.const];
    out.type ??= 'string';
    delete out.const;
  }
  let types = Array.isArray(out.type) ? (out.type as unknown[]) : out.type === undefined ? [] : [out.type];
  if (types.includes('null')) {
    out.nullable = true;
    types = types.filter((type) => type !== 'null');
  }
  if (types.length > 1)
    throw new AdaptError('multi-type-unsupported', `${pointer}/type`, `type ${JSON.stringify(types)}`);
  if (Array.isArray(out.enum)) {
    const values = (out.enum as unknown[]).filter((value) => value !== null);
    if (values.length !== out.enum.length) out.nullable = true;
    if (!values.every((value) => typeof value === 'string')) {
      throw new AdaptError('enum-non-string', `${pointer}/enum`, 'Gemini enums hold strings only');
    }
    out.enum = values;
    if (types.length === 0) types = ['string'];
    if (types[0] === 'string') out.format = 'enum';
  }
  if (types.length === 0 && out.nullable === true && out.anyOf === undefined && out.enum === undefined) {
    return { type: 'NULL' }; // a bare `type: "null"`, typically a union branch the parent folds into `nullable`
  }
  if (types.length === 0) {
    if (out.anyOf === undefined)
      throw new AdaptError('untyped-schema', pointer, 'Gemini needs a type on every schema');
    delete out.type;
  } else {
    const mapped = TYPES[String(types[0])];
    if (!mapped) throw new AdaptError('type-unsupported', `${pointer}/type`, `type ${String(types[0])}`);
    out.type = mapped;
    if (mapped === 'ARRAY' && out.items === undefined) {
      throw new AdaptError('array-without-items', pointer, 'Gemini needs items on every array');
    }
  }
  if (typeof out.format === 'string' && !FORMATS[String(out.type)]?.has(out.format)) {
    notes.add(`format ${out.format} left to local validation`);
    delete out.format;
  }
  return out;
}
