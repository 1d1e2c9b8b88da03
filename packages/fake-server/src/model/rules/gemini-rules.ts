import { objectOf } from '../model-turn.js';
import type { RuleFinding } from '../wire/model-wire.js';
import { geminiSchemaFindings } from './gemini-schema.js';
import type { ProviderRule } from './provider-rule.js';

const APIS = ['gemini'] as const;
const NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/;
/** Most function declarations one request may carry, as the Gemini API enforces it. */
export const GEMINI_MAX_DECLARATIONS = 512;

const SCHEMA_RULES = { subset: 'gemini.schema-subset', required: 'gemini.required-defined' };

/** The `parameters` schemas of a request's declarations (not `parametersJsonSchema`, which takes JSON Schema). */
const openApiSchemas = (turn: Parameters<ProviderRule['check']>[0]) =>
  turn.tools.filter((tool) => tool.schemaField === 'parameters' && tool.parameters !== undefined);

/** The Gemini request-body rules the fake provider enforces. */
export const GEMINI_RULES: readonly ProviderRule[] = [
  {
    id: 'gemini.request-fields',
    family: 'gemini',
    apis: APIS,
    category: 'request',
    summary: 'A request has non-empty `contents`; checked while reading, never relaxed.',
    source: {
      url: 'https://ai.google.dev/api/generate-content#request-body',
      says: '`contents[]` is required.',
    },
    check: () => [],
  },
  {
    id: 'gemini.function-name',
    family: 'gemini',
    apis: APIS,
    category: 'name',
    summary:
      'Function names start with a letter or `_`, then hold only a-z, A-Z, 0-9, `_`, `.`, `:`, `-`, at most 128 characters.',
    source: {
      url: 'https://ai.google.dev/api/caching#FunctionDeclaration',
      says: 'FunctionDeclaration.name: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128." (the `@google/genai` SDK\'s type); the API answers "[FIELD_INVALID] Invalid function name." (kaitranntt/ccs#25).',
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] =>
        NAME.test(tool.name)
          ? []
          : [
              {
                rule: this.id,
                category: 'name',
                tool: tool.name,
                toolIndex: tool.index,
                field: `${tool.path}.name`,
                message:
                  'Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 128.',
                style: 'proto',
              },
            ],
      );
    },
  },
  {
    id: 'gemini.declaration-count',
    family: 'gemini',
    apis: APIS,
    category: 'count',
    summary: `At most ${GEMINI_MAX_DECLARATIONS} function declarations in one request.`,
    source: {
      url: 'https://github.com/google-gemini/gemini-cli/issues/19083',
      says: 'The Gemini API documents no number; it answers "[FIELD_INVALID] At most 512 function declarations can be specified." (google-gemini/gemini-cli#19083, #25440). Vertex AI documents 128 (https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling).',
    },
    check(turn) {
      if (turn.tools.length <= GEMINI_MAX_DECLARATIONS) return [];
      const extra = turn.tools[GEMINI_MAX_DECLARATIONS]!;
      return [
        {
          rule: this.id,
          category: 'count',
          tool: extra.name,
          toolIndex: extra.index,
          field: extra.path.replace(/\[\d+\]$/, ''),
          message: `At most ${GEMINI_MAX_DECLARATIONS} function declarations can be specified.`,
          style: 'proto',
        },
      ];
    },
  },
  {
    id: 'gemini.schema-subset',
    family: 'gemini',
    apis: APIS,
    category: 'schema',
    summary:
      "A declaration's `parameters` uses only the fields of Gemini's `Schema` (the OpenAPI 3.0 subset): no `additionalProperties`, `$ref`, `$defs`, `const`, `oneOf`, …; `type` is one value of the `Type` enum, never a list; `enum` holds strings.",
    source: {
      url: 'https://ai.google.dev/api/caching#Schema',
      says: 'The `Schema` object lists its fields (`type`, `format`, `description`, `nullable`, `enum` of strings, `properties`, `required`, `items`, `anyOf`, …). Anything else is a JSON payload error: "Unknown name \\"additionalProperties\\" … Cannot find field." (mem0ai/mem0#1820), "Proto field is not repeating, cannot start list." for a `type` list (zed-industries/zed#53919).',
    },
    check(turn) {
      return openApiSchemas(turn).flatMap(
        (tool) =>
          geminiSchemaFindings(tool.parameters, `${tool.path}.parameters`, tool, SCHEMA_RULES).payload,
      );
    },
  },
  {
    id: 'gemini.required-defined',
    family: 'gemini',
    apis: APIS,
    category: 'schema',
    summary: "Every name in a `parameters` schema's `required` is one of its `properties`.",
    source: {
      url: 'https://ai.google.dev/api/caching#Schema',
      says: '`required` lists "the names of properties that must be present"; a name with no property gets "parameters.required[0]: property is not defined" (anomalyco/opencode#3140, case SC-04).',
    },
    check(turn) {
      return openApiSchemas(turn).flatMap(
        (tool) => geminiSchemaFindings(tool.parameters, `${tool.path}.parameters`, tool, SCHEMA_RULES).proto,
      );
    },
  },
  {
    id: 'gemini.json-schema-object',
    family: 'gemini',
    apis: APIS,
    category: 'schema',
    summary: "A declaration's `parametersJsonSchema` describes an object.",
    source: {
      url: 'https://ai.google.dev/api/caching#FunctionDeclaration',
      says: 'parametersJsonSchema: "The schema must describe an object where the properties are the parameters to the function."',
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        if (tool.schemaField !== 'parametersJsonSchema') return [];
        const schema = objectOf(tool.parameters);
        if (schema && (schema.type === undefined || schema.type === 'object')) return [];
        return [
          {
            rule: this.id,
            category: 'schema',
            tool: tool.name,
            toolIndex: tool.index,
            field: `${tool.path}.parameters_json_schema`,
            message: 'parameters_json_schema must describe an object.',
            style: 'proto',
          },
        ];
      });
    },
  },
  {
    id: 'gemini.function-response-turn',
    family: 'gemini',
    apis: APIS,
    category: 'history',
    summary: 'A turn of function calls is followed right away by a turn with one function response per call.',
    source: {
      url: 'https://ai.google.dev/gemini-api/docs/function-calling',
      says: 'The function responses go back in the next turn; otherwise 400 "Please ensure that function response turn comes immediately after a function call turn." (langchain-ai/langchain#27799) or "… the number of function response parts is equal to the number of function call parts of the function call turn." (microsoft/vscode#299295).',
    },
    check(turn) {
      for (const [i, message] of turn.messages.entries()) {
        if (message.calls.length === 0 || i === turn.messages.length - 1) continue;
        const next = turn.messages[i + 1]!;
        const finding = (text: string): RuleFinding[] => [
          {
            rule: this.id,
            category: 'history',
            tool: message.calls[0]!.name,
            field: `contents[${i + 1}]`,
            message: text,
            style: 'plain',
          },
        ];
        if (next.results.length === 0)
          return finding(
            'Please ensure that function response turn comes immediately after a function call turn.',
          );
        if (next.results.length !== message.calls.length)
          return finding(
            'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
          );
      }
      return [];
    },
  },
];
