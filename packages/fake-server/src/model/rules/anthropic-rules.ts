import { Ajv2020 } from 'ajv/dist/2020.js';
import { objectOf } from '../model-turn.js';
import type { RuleFinding } from '../wire/model-wire.js';
import type { ProviderRule } from './provider-rule.js';

const NAME_PATTERN = '^[a-zA-Z0-9_-]{1,128}$';
const NAME_MAX = 128;
const APIS = ['anthropic-messages'] as const;

/** Meta-schema validation only: `strict: false` accepts every keyword JSON Schema 2020-12 allows. */
const metaSchema = new Ajv2020({ strict: false, validateFormats: false });

/** The first reason `schema` is not a JSON Schema (draft 2020-12), or `undefined`. */
function notJsonSchema(schema: unknown): string | undefined {
  try {
    if (metaSchema.validateSchema(schema as object)) return undefined;
    const error = metaSchema.errors?.[0];
    return error ? `${error.instancePath || '/'} ${error.message ?? 'is invalid'}` : 'is invalid';
  } catch (error) {
    return (error as Error).message;
  }
}

/** The Anthropic Messages request-body rules the fake provider enforces. */
export const ANTHROPIC_RULES: readonly ProviderRule[] = [
  {
    id: 'anthropic.request-fields',
    family: 'anthropic',
    apis: APIS,
    category: 'request',
    summary: 'A request has `model`, `max_tokens` and `messages`; checked while reading, never relaxed.',
    source: {
      url: 'https://docs.anthropic.com/en/api/messages',
      says: '`model`, `max_tokens` and `messages` are required body parameters.',
    },
    check: () => [],
  },
  {
    id: 'anthropic.tool-name',
    family: 'anthropic',
    apis: APIS,
    category: 'name',
    summary: `Tool names match ${NAME_PATTERN}.`,
    source: {
      url: 'https://docs.anthropic.com/en/api/messages#body-tools-name',
      says: `The tool \`name\` pattern; the API answers 400 "tools.N.custom.name: String should match pattern '${NAME_PATTERN}'" (home-assistant/core#147760, a dotted name) or "String should have at most 128 characters" (anthropics/claude-code#96152).`,
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        const field = `${tool.path}.name`;
        const problem =
          tool.name.length > NAME_MAX
            ? `String should have at most ${NAME_MAX} characters`
            : tool.name.length === 0
              ? 'String should have at least 1 character'
              : new RegExp(NAME_PATTERN).test(tool.name)
                ? undefined
                : `String should match pattern '${NAME_PATTERN}'`;
        if (!problem) return [];
        return [
          {
            rule: this.id,
            category: 'name',
            tool: tool.name,
            toolIndex: tool.index,
            field,
            message: `${field}: ${problem}`,
          },
        ];
      });
    },
  },
  {
    id: 'anthropic.unique-names',
    family: 'anthropic',
    apis: APIS,
    category: 'duplicate',
    summary: 'No two tools of a request share a name.',
    source: {
      url: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
      says: 'Each tool is identified by its name; a request repeating one gets 400 "tools: Tool names must be unique." (anthropics/claude-code#10687, langchain-ai/langchain-mcp-adapters#605 for the MCP case NM-04).',
    },
    check(turn) {
      const seen = new Set<string>();
      for (const tool of turn.tools) {
        if (seen.has(tool.name))
          return [
            {
              rule: this.id,
              category: 'duplicate',
              tool: tool.name,
              toolIndex: tool.index,
              field: 'tools',
              message: 'tools: Tool names must be unique.',
            },
          ];
        seen.add(tool.name);
      }
      return [];
    },
  },
  {
    id: 'anthropic.input-schema',
    family: 'anthropic',
    apis: APIS,
    category: 'schema',
    summary:
      'Every tool has an `input_schema`: a JSON Schema (draft 2020-12) of `type: "object"` with no `oneOf`/`allOf`/`anyOf` at its top level.',
    source: {
      url: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
      says: '`input_schema` is "A JSON Schema object defining the expected parameters for the tool" (the SDK types it `{ type: "object", … }`, draft 2020-12); a top-level union gets 400 "input_schema does not support oneOf, allOf, or anyOf at the top level" (anthropics/claude-code#5973).',
    },
    check(turn) {
      return turn.tools.flatMap((tool): RuleFinding[] => {
        const field = `${tool.path}.input_schema`;
        const finding = (at: string, text: string): RuleFinding[] => [
          {
            rule: this.id,
            category: 'schema',
            tool: tool.name,
            toolIndex: tool.index,
            field: at,
            message: `${at}: ${text}`,
          },
        ];
        const schema = objectOf(tool.parameters);
        if (tool.parameters === undefined) return finding(field, 'Field required');
        if (!schema) return finding(field, 'Input should be a valid dictionary');
        if (schema.type !== 'object') return finding(`${field}.type`, "Input should be 'object'");
        if (schema.oneOf !== undefined || schema.allOf !== undefined || schema.anyOf !== undefined)
          return finding(field, 'input_schema does not support oneOf, allOf, or anyOf at the top level');
        const invalid = notJsonSchema(schema);
        if (invalid)
          return finding(
            field,
            'JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12).',
          );
        return [];
      });
    },
  },
  {
    id: 'anthropic.tool-results-answer-calls',
    family: 'anthropic',
    apis: APIS,
    category: 'history',
    summary:
      'Every `tool_use` block is answered by a `tool_result` in the next message, and every `tool_result` answers a `tool_use` of the message before.',
    source: {
      url: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-tool-use-and-tool-result-content-blocks',
      says: 'Tool results go in the user message right after the assistant\'s `tool_use`; otherwise 400 "messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: …" (anthropics/claude-code#2697).',
    },
    check(turn) {
      for (const [i, message] of turn.messages.entries()) {
        const previous = turn.messages[i - 1];
        const asked = new Set(previous?.calls.map((call) => call.callId) ?? []);
        const stray = message.results.find((result) => !asked.has(result.callId));
        if (stray)
          return [
            {
              rule: this.id,
              category: 'history',
              field: `messages.${i}.content`,
              message: `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${stray.callId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
            },
          ];
        if (message.calls.length === 0 || i === turn.messages.length - 1) continue;
        const answered = new Set(turn.messages[i + 1]!.results.map((result) => result.callId));
        const open = message.calls.filter((call) => !answered.has(call.callId));
        if (open.length === 0) continue;
        return [
          {
            rule: this.id,
            category: 'history',
            tool: open[0]!.name,
            field: `messages.${i + 1}`,
            message: `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${open.map((call) => call.callId).join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
          },
        ];
      }
      return [];
    },
  },
];
