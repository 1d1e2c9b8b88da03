import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { AdaptError } from './adapt-error.js';
import type { AdaptOutcome, ProviderAdapter } from './provider-adapter.js';
import { keywordRules, rewriteSchema } from './rewrite-schema.js';
import { allowsNull } from './schema-nullability.js';
import { stripNullOptionals } from './strip-null-optionals.js';

const KEYWORDS = keywordRules({
  keep: [
    'type',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'enum',
    'const',
    'anyOf',
    'oneOf',
    '$ref',
    '$defs',
    'definitions',
    'description',
    'pattern',
    'format',
    'multipleOf',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minItems',
    'maxItems',
  ],
  enforced: [
    'not',
    'if',
    'then',
    'else',
    'dependentRequired',
    'minLength',
    'maxLength',
    'minProperties',
    'maxProperties',
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
    '$dynamicRef',
  ],
});

const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/**
 * OpenAI function calling with `strict: true` (Structured Outputs subset): every object closed
 * (`additionalProperties: false`, added when absent; an open object fails), every property
 * required (optional ones become nullable, and {@link ProviderAdapter.toMcpArguments} drops the
 * `null`s again; an optional property that already admits `null` fails: null and absent would
 * blur), every schema typed, arrays with `items`, no `allOf`/`patternProperties`/`prefixItems`,
 * no union at the root. `oneOf` is sent as `anyOf` and length/size constraints are left to local
 * validation. Local `$ref`/`$defs` are kept (recursion is allowed). Names: `[a-zA-Z0-9_-]{1,64}`.
 * At most 128 tools per request (the Chat Completions API reference: "A max of 128 functions are
 * supported"; a request with more fails outright, case LG-02).
 */
export const openAiStrictAdapter: ProviderAdapter = {
  id: 'openai-strict',
  nameRule: { allowed: /^[a-zA-Z0-9_-]$/, first: /^[a-zA-Z0-9_-]$/, maxLength: 64 },
  maxTools: 128,
  adapt(tool: DiscoveredTool, alias: string): AdaptOutcome {
    const notes = new Set<string>();
    try {
      const parameters = rewriteSchema(
        tool.inputSchema,
        {
          keywords: KEYWORDS,
          renames: { oneOf: 'anyOf', definitions: '$defs' },
          finish: (node, pointer) => finish(node, pointer, notes),
        },
        '',
        notes,
      ) as Record<string, unknown>;
      if (parameters.type !== 'object' || parameters.anyOf !== undefined) {
        throw new AdaptError('root-not-object', '', 'strict mode needs an object root without a union');
      }
      return {
        ok: true,
        definition: {
          type: 'function',
          function: {
            name: alias,
            description: tool.description ?? tool.title ?? '',
            parameters,
            strict: true,
          },
        },
        notes: [...notes],
      };
    } catch (error) {
      return failure(error);
    }
  },
  toMcpArguments(tool, args) {
    return stripNullOptionals(args, tool.inputSchema, tool.inputSchema) as Record<string, unknown>;
  },
};

function finish(node: Record<string, unknown>, pointer: string, notes: Set<string>): Record<string, unknown> {
  if (typeof node.$ref === 'string') {
    const ref = node.$ref.replace(/^#\/definitions\//, '#/$defs/');
    if (ref !== '#' && !ref.startsWith('#/'))
      throw new AdaptError('anchor-ref-unsupported', pointer, `${ref} is not a JSON pointer`);
    const siblings = Object.keys(node).filter((key) => key !== '$ref' && key !== 'description');
    if (siblings.length > 0)
      throw new AdaptError('ref-siblings-unsupported', pointer, `$ref with ${siblings.join(', ')}`);
    return { ...node, $ref: ref };
  }
  if (typeof node.items === 'boolean') {
    throw new AdaptError('boolean-schema-unsupported', `${pointer}/items`, `items: ${String(node.items)}`);
  }
  const types = Array.isArray(node.type)
    ? (node.type as unknown[])
    : node.type === undefined
      ? []
      : [node.type];
  if (types.length === 0 && node.anyOf === undefined && node.enum === undefined && node.const === undefined) {
    throw new AdaptError('untyped-schema', pointer, 'strict mode needs a type on every schema');
  }
  if (types.includes('array') && node.items === undefined) {
    throw new AdaptError('array-without-items', pointer, 'strict mode needs items on every array');
  }
  if (typeof node.format === 'string' && !FORMATS.has(node.format)) {
    notes.add(`format ${node.format} left to local validation`);
    const { format: _format, ...rest } = node;
    node = rest;
  }
  if (!types.includes('object') && node.properties === undefined) return node;
  if (node.additionalProperties === undefined) notes.add('objects closed with additionalProperties: false');
  else if (node.additionalProperties !== false) {
    throw new AdaptError(
      'open-object',
      `${pointer}/additionalProperties`,
      'strict mode cannot express an open object',
    );
  }
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const closed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (required.has(name)) {
      closed[name] = schema;
      continue;
    }
    if (allowsNull(schema)) {
      throw new AdaptError(
        'optional-nullable-ambiguous',
        `${pointer}/properties/${name}`,
        `optional property ${name} already admits null; strict mode would blur null and absent`,
      );
    }
    closed[name] = nullable(schema);
    notes.add('optional properties sent as required and nullable; nulls dropped before execution');
  }
  return {
    ...node,
    properties: closed,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

function nullable(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (typeof node.type === 'string' && node.$ref === undefined && node.anyOf === undefined) {
    return {
      ...node,
      type: [node.type, 'null'],
      ...(Array.isArray(node.enum) ? { enum: [...node.enum, null] } : {}),
    };
  }
  if (Array.isArray(node.type)) return { ...node, type: [...node.type, 'null'] };
  return { anyOf: [node, { type: 'null' }] };
}

/** An {@link AdaptOutcome} for a thrown error. */
export function failure(error: unknown): AdaptOutcome {
  if (error instanceof AdaptError) {
    return { ok: false, reason: error.reason, pointer: error.pointer, detail: error.message };
  }
  return { ok: false, reason: 'adapter-error', pointer: '', detail: (error as Error).message };
}
