import { objectOf } from '../model-turn.js';
import type { RuleFinding } from '../wire/model-wire.js';
import { type ProviderRule, pythonTuple } from './provider-rule.js';
import { arrayWithoutItems, strictSchemaProblem } from './strict-schema.js';

const APIS = ['openai-chat', 'openai-responses'] as const;
const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
const NAME_MAX = 64;
/** Most tools one request may carry. */
export const OPENAI_MAX_TOOLS = 128;

/** Where the parameters of a tool sit in the body (`tools[3].function.parameters`, `tools[3].parameters`). */
const parametersField = (path: string) => `${path}.parameters`;

/** The OpenAI request-body rules the fake provider enforces (Chat Completions and Responses). */
export const OPENAI_RULES: readonly ProviderRule[] = [
  {
    id: 'openai.request-fields',
    family: 'openai',
    apis: APIS,
    category: 'request',
    summary:
      'A request names its `model` (and, for Chat Completions, has `messages`); checked while reading, never relaxed.',
    source: {
      url: 'https://platform.openai.com/docs/api-reference/chat/create',
      says: '`model` and `messages` are required parameters of Chat Completions; `model` of Responses.',
    },
    check: () => [],
  },
  {
    id: 'openai.tool-count',
    family: 'openai',
    apis: APIS,
    category: 'count',
    summary: `At most ${OPENAI_MAX_TOOLS} tools in one request.`,
    source: {
      url: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
      says: 'The API reference for `tools`: "A max of 128 functions are supported." A longer array gets 400 `array_above_max_length` (e.g. microsoft/vscode-copilot-release#11653, zed-industries/zed#42393).',
    },
    check(turn) {
      const count = Array.isArray(turn.body.tools) ? turn.body.tools.length : 0;
      if (count <= OPENAI_MAX_TOOLS) return [];
      const extra = turn.tools[OPENAI_MAX_TOOLS];
      return [
        {
          rule: this.id,
          category: 'count',
          ...(extra ? { tool: extra.name, toolIndex: extra.index } : {}),
          field: 'tools',
          message: `Invalid 'tools': array too long. Expected an array with maximum length ${OPENAI_MAX_TOOLS}, but got an array with length ${count} instead.`,
          code: 'array_above_max_length',
        },
      ];
    },
  },
  {
    id: 'openai.tool-name',
    family: 'openai',
    apis: APIS,
    category: 'name',
    summary: `Function names match ^[a-zA-Z0-9_-]+$ and have at most ${NAME_MAX} characters.`,
    source: {
      url: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
      says: 'FunctionDefinition.name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64." (the `openai` SDK\'s `FunctionDefinition` type says the same).',
    },
    check(turn) {
      const findings: RuleFinding[] = [];
      for (const tool of turn.tools) {
        const field = `${tool.path}.name`;
        if (tool.name.length > NAME_MAX)
          findings.push({
            rule: this.id,
            category: 'name',
            tool: tool.name,
            toolIndex: tool.index,
            field,
            message: `Invalid '${field}': string too long. Expected a string with maximum length ${NAME_MAX}, but got a string with length ${tool.name.length} instead.`,
            code: 'string_above_max_length',
          });
        else if (!NAME_PATTERN.test(tool.name))
          findings.push({
            rule: this.id,
            category: 'name',
            tool: tool.name,
            toolIndex: tool.index,
            field,
            message: `Invalid '${field}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
            code: 'invalid_value',
          });
      }
      return findings;
    },
  },
  {
    id: 'openai.parameters-object',
    family: 'openai',
    apis: APIS,
    category: 'schema',
    summary:
      "A function's `parameters`, when given, is a JSON object (a JSON Schema), never an array or a scalar.",
    source: {
      url: 'https://platform.openai.com/docs/guides/function-calling',
      says: '"The parameters the functions accepts, described as a JSON Schema object" (FunctionDefinition.parameters); anything else gets 400 `invalid_function_parameters` (e.g. FoundationAgents/OpenManus#1162: "[] is not of type \'object\', \'boolean\'").',
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        if (tool.parameters === undefined || tool.parameters === null || objectOf(tool.parameters)) return [];
        return [
          {
            rule: this.id,
            category: 'schema',
            tool: tool.name,
            toolIndex: tool.index,
            field: parametersField(tool.path),
            message: `Invalid schema for function '${tool.name}': ${JSON.stringify(tool.parameters)} is not of type 'object', 'boolean'.`,
            code: 'invalid_function_parameters',
          },
        ];
      });
    },
  },
  {
    id: 'openai.array-items',
    family: 'openai',
    apis: APIS,
    category: 'schema',
    summary: "Every array in a function's parameters has `items`.",
    source: {
      url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      says: "Arrays are described by their `items`; an array schema without them gets 400 \"Invalid schema for function '…': In context=('properties', 'paths'), array schema missing items.\" (sigoden/aichat#1049; case SC-03).",
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        const at = objectOf(tool.parameters) ? arrayWithoutItems(tool.parameters) : undefined;
        if (!at) return [];
        return [
          {
            rule: this.id,
            category: 'schema',
            tool: tool.name,
            toolIndex: tool.index,
            field: parametersField(tool.path),
            message: `Invalid schema for function '${tool.name}': In context=${pythonTuple(at)}, array schema missing items.`,
            code: 'invalid_function_parameters',
          },
        ];
      });
    },
  },
  {
    id: 'openai.strict-schema',
    family: 'openai',
    apis: APIS,
    category: 'schema',
    summary:
      'A function sent with `strict: true` keeps to the Structured Outputs subset: an object root (not `anyOf`), every object with `properties`, `additionalProperties: false` and every property `required`, arrays with `items`, no `allOf`/`oneOf`/`not`/conditionals/`patternProperties`, local `$ref`s that resolve.',
    source: {
      url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      says: '"additionalProperties: false must always be set in objects", "All fields must be required", "Root objects must not be anyOf and must be an object", and the list of supported keywords; a schema outside the subset gets 400 `invalid_function_parameters` (e.g. kevinwatt/mysql-mcp#5).',
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        if (tool.strict !== true) return [];
        const found = strictSchemaProblem(tool.parameters);
        if (!found) return [];
        return [
          {
            rule: this.id,
            category: 'schema',
            tool: tool.name,
            toolIndex: tool.index,
            field: parametersField(tool.path),
            message:
              found.context.length === 0 && found.problem.startsWith('schema must')
                ? `Invalid schema for function '${tool.name}': ${found.problem}`
                : `Invalid schema for function '${tool.name}': In context=${pythonTuple(found.context)}, ${found.problem}`,
            code: 'invalid_function_parameters',
          },
        ];
      });
    },
  },
  {
    id: 'openai.tool-results-answer-calls',
    family: 'openai',
    apis: APIS,
    category: 'history',
    summary:
      'Every tool call of the model in the history is answered: Chat Completions by `tool` messages right after it, Responses by a `function_call_output` item.',
    source: {
      url: 'https://platform.openai.com/docs/guides/function-calling',
      says: "The model's tool calls are answered with their results before the conversation goes on; otherwise 400 \"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.\" (e.g. agno-agi/agno#3105), and on Responses \"No tool output found for function call …\".",
    },
    check(turn) {
      if (turn.api === 'openai-responses') {
        const answered = new Set(turn.messages.flatMap((message) => message.results.map((r) => r.callId)));
        const open = turn.messages
          .flatMap((message) => message.calls)
          .find((call) => !answered.has(call.callId));
        if (!open) return [];
        return [
          {
            rule: this.id,
            category: 'history',
            tool: open.name,
            field: 'input',
            message: `No tool output found for function call ${open.callId}.`,
            code: null,
          },
        ];
      }
      for (const [i, message] of turn.messages.entries()) {
        if (message.calls.length === 0 || i === turn.messages.length - 1) continue;
        const answered = new Set<string>();
        for (const next of turn.messages.slice(i + 1)) {
          if (next.role !== 'tool' && next.role !== 'function') break;
          for (const result of next.results) answered.add(result.callId);
        }
        const open = message.calls.filter((call) => !answered.has(call.callId));
        if (open.length === 0) continue;
        return [
          {
            rule: this.id,
            category: 'history',
            tool: open[0]!.name,
            field: `messages.[${i + 1}].role`,
            message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.map((call) => call.callId).join(', ')}`,
            code: null,
          },
        ];
      }
      return [];
    },
  },
];
