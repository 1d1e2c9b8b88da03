import type { ModelToolCall, ModelToolResult } from '../../transcript/model-frame.js';
import { type ModelTurn, type OfferedTool, objectOf, type TurnMessage } from '../model-turn.js';
import {
  type ExchangeIds,
  type ModelAnswer,
  type ModelWire,
  type ParseOutcome,
  type RenderedError,
  type RuleFinding,
  roughTokens,
  type SseEvent,
} from './model-wire.js';

/** The id Gemini gives no call: the function name and how many calls of it came before. */
const geminiCallId = (name: string, ordinal: number) => `gemini:${name}:${ordinal}`;

function offeredTools(body: Record<string, unknown>): OfferedTool[] {
  if (!Array.isArray(body.tools)) return [];
  const tools: OfferedTool[] = [];
  for (const [i, raw] of body.tools.entries()) {
    const tool = objectOf(raw) ?? {};
    const declarations = tool.functionDeclarations ?? tool.function_declarations;
    if (!Array.isArray(declarations)) continue;
    for (const [j, rawDeclaration] of declarations.entries()) {
      const declaration = objectOf(rawDeclaration) ?? {};
      const jsonSchema = declaration.parametersJsonSchema ?? declaration.parameters_json_schema;
      const schemaField = jsonSchema !== undefined ? 'parametersJsonSchema' : 'parameters';
      const parameters = jsonSchema ?? declaration.parameters;
      tools.push({
        index: tools.length,
        name: typeof declaration.name === 'string' ? declaration.name : '',
        ...(typeof declaration.description === 'string' ? { description: declaration.description } : {}),
        ...(parameters !== undefined ? { parameters } : {}),
        path: `tools[${i}].function_declarations[${j}]`,
        schemaField,
        raw: rawDeclaration,
      });
    }
  }
  return tools;
}

/**
 * The turn's messages. A call and its response are paired by name and order (`gemini:name:n`), the
 * ids this provider gives its calls: it sends no `functionCall.id`, so an `id` in a request is one the
 * client made up for itself (the AI SDK does) and names nothing the provider answered.
 */
function readContents(contents: unknown[]): TurnMessage[] {
  const calls = new Map<string, number>();
  const answers = new Map<string, number>();
  const next = (counts: Map<string, number>, name: string) => {
    const ordinal = counts.get(name) ?? 0;
    counts.set(name, ordinal + 1);
    return ordinal;
  };
  return contents.map((raw) => {
    const content = objectOf(raw) ?? {};
    const parts = Array.isArray(content.parts) ? content.parts : [];
    const message: TurnMessage = { role: String(content.role ?? 'user'), calls: [], results: [], text: '' };
    const texts: string[] = [];
    for (const rawPart of parts) {
      const part = objectOf(rawPart) ?? {};
      if (typeof part.text === 'string' && part.thought !== true) texts.push(part.text);
      const call = objectOf(part.functionCall ?? part.function_call);
      if (call) {
        const name = String(call.name ?? '');
        const ordinal = next(calls, name);
        message.calls.push({
          callId: geminiCallId(name, ordinal),
          name,
          arguments: call.args ?? {},
        } satisfies ModelToolCall);
      }
      const response = objectOf(part.functionResponse ?? part.function_response);
      if (response) {
        const name = String(response.name ?? '');
        const ordinal = next(answers, name);
        const body = objectOf(response.response) ?? {};
        message.results.push({
          callId: geminiCallId(name, ordinal),
          name,
          text: JSON.stringify(body),
          // The SDK's convention: an `error` key without an `output` key is an error response.
          ...('error' in body || 'output' in body ? { isError: 'error' in body && !('output' in body) } : {}),
        } satisfies ModelToolResult);
      }
    }
    message.text = texts.join('\n');
    return message;
  });
}

function responseBody(
  turn: ModelTurn,
  answer: ModelAnswer,
  ids: ExchangeIds,
  parts: unknown[],
  finish: boolean,
) {
  const prompt = roughTokens(turn.body);
  const candidates = roughTokens(answer);
  return {
    candidates: [
      {
        content: { role: 'model', parts },
        ...(finish ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates,
    },
    modelVersion: turn.model,
    responseId: `toolshift-${ids.exchange}`,
  };
}

const answerParts = (answer: ModelAnswer) => [
  ...(answer.text !== undefined ? [{ text: answer.text }] : []),
  ...answer.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.arguments } })),
];

/** A Gemini API error body: `{ error: { code, message, status, details? } }`. */
function geminiError(code: number, status: string, message: string, details?: unknown[]): RenderedError {
  return { status: code, body: { error: { code, message, status, ...(details ? { details } : {}) } } };
}

function rejection(findings: readonly RuleFinding[]): RenderedError {
  const payload = findings.filter((finding) => finding.style === 'payload');
  if (payload.length > 0)
    return geminiError(400, 'INVALID_ARGUMENT', payload.map((finding) => finding.message).join('\n'), [
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: payload.map((finding) => ({ field: finding.field, description: finding.message })),
      },
    ]);
  const proto = findings.filter((finding) => finding.style === 'proto');
  if (proto.length > 0)
    return geminiError(
      400,
      'INVALID_ARGUMENT',
      `The GenerateContentRequest proto is invalid:\n${proto
        .map((finding) => `  * ${finding.field}: [FIELD_INVALID] ${finding.message}`)
        .join('\n')}`,
    );
  return geminiError(400, 'INVALID_ARGUMENT', findings[0]!.message);
}

/**
 * Gemini `generateContent` and `streamGenerateContent` (`POST /v1beta/models/{model}:…`, `?alt=sse`
 * for Server-Sent Events): `contents` of `parts` with `functionCall` / `functionResponse`, `tools`
 * of `functionDeclarations` (`parameters` in the OpenAPI Schema subset, or `parametersJsonSchema`);
 * a `GenerateContentResponse`, or a stream of them. Gemini gives calls no id: the provider names
 * them by function and order (`gemini:<name>:<n>`) and matches responses the same way.
 * @see https://ai.google.dev/api/generate-content (shapes as the `@google/genai` SDK's types give them)
 */
export const geminiWire: ModelWire = {
  api: 'gemini',
  family: 'gemini',
  parse(body, route): ParseOutcome {
    if (!Array.isArray(body.contents) || body.contents.length === 0)
      return {
        ok: false,
        finding: {
          rule: 'gemini.request-fields',
          category: 'request',
          field: 'contents',
          message: 'contents is not specified',
          style: 'proto',
        },
      };
    return {
      ok: true,
      turn: {
        api: 'gemini',
        model: route.model ?? '',
        stream: route.stream === true,
        tools: offeredTools(body),
        messages: readContents(body.contents),
        body,
      },
    };
  },
  callId(turn, _exchange, _index, name, before) {
    const earlier = turn.messages.flatMap((message) => message.calls).filter((call) => call.name === name);
    return geminiCallId(name, earlier.length + before.filter((other) => other === name).length);
  },
  respond: (turn, answer, ids) => responseBody(turn, answer, ids, answerParts(answer), true),
  stream(turn, answer, ids): SseEvent[] {
    // Text comes first as a chunk of its own; the calls come with the finishing chunk.
    const chunk = (parts: unknown[], finish: boolean): SseEvent => ({
      data: JSON.stringify(responseBody(turn, answer, ids, parts, finish)),
    });
    if (answer.toolCalls.length === 0) return [chunk(answerParts(answer), true)];
    const calls = answerParts({ toolCalls: answer.toolCalls });
    return answer.text !== undefined
      ? [chunk([{ text: answer.text }], false), chunk(calls, true)]
      : [chunk(calls, true)];
  },
  reject: (findings) => rejection(findings),
  fail(code, message) {
    const status =
      code === 429
        ? 'RESOURCE_EXHAUSTED'
        : code === 503
          ? 'UNAVAILABLE'
          : code >= 500
            ? 'INTERNAL'
            : 'INVALID_ARGUMENT';
    return geminiError(code, status, message);
  },
};
