import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import { failure } from './openai-strict-adapter.js';
import type { AdaptOutcome, ProviderAdapter } from './provider-adapter.js';
import { keywordRules, rewriteSchema } from './rewrite-schema.js';

// Anthropic tool use takes JSON Schema as is; only the dialect marker and non-standard keywords
// (x-mcp-header and other extensions, which mean nothing to a model) are dropped.
const STANDARD = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$defs',
  'definitions',
  '$anchor',
  'description',
  'title',
  'default',
  'examples',
  'pattern',
  'patternProperties',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'dependencies',
  'deprecated',
  'readOnly',
  'writeOnly',
];
const KEYWORDS = keywordRules({ keep: STANDARD });

/**
 * Anthropic tool use (`name`, `description`, `input_schema`): JSON Schema passes through; `$schema`
 * and extension keywords are dropped. Names: `[a-zA-Z0-9_-]{1,64}`. Tool count: the Messages API
 * documents no fixed limit per request (its guidance is that tool choice degrades past 30–50 tools
 * and that large catalogs belong behind tool search), so this adapter caps a request at 128, the
 * limit of the other two APIs: a host choice, not an API rule. Pass `maxTools` to `expose` to
 * change it.
 */
export const anthropicAdapter: ProviderAdapter = {
  id: 'anthropic',
  nameRule: { allowed: /^[a-zA-Z0-9_-]$/, first: /^[a-zA-Z0-9_-]$/, maxLength: 64 },
  maxTools: 128,
  adapt(tool: DiscoveredTool, alias: string): AdaptOutcome {
    const notes = new Set<string>();
    try {
      const inputSchema = rewriteSchema(tool.inputSchema, { keywords: KEYWORDS }, '', notes);
      return {
        ok: true,
        definition: {
          name: alias,
          description: tool.description ?? tool.title ?? '',
          input_schema: inputSchema,
        },
        notes: [...notes],
      };
    } catch (error) {
      return failure(error);
    }
  },
  toMcpArguments: (_tool, args) => args,
};
