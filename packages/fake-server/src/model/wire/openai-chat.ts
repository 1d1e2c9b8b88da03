import type { ModelToolCall, ModelToolResult } from '../../transcript/model-frame.js';
import { contentText, type ModelTurn, type OfferedTool, objectOf, type TurnMessage } from '../model-turn.js';
import {
  type ModelAnswer,
  type ModelWire,
  type ParseOutcome,
  roughTokens,
  type SseEvent,
} from './model-wire.js';
import { openAiError, openAiFailure } from './openai-errors.js';

/** The arguments of a call as the API carries them: a JSON string (kept as text when it is not JSON). */
export function parseArguments(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function offeredTools(body: Record<string, unknown>): OfferedTool[] {
  const tools: OfferedTool[] = [];
  if (Array.isArray(body.tools)) {
    for (const [i, raw] of body.tools.entries()) {
      const tool = objectOf(raw) ?? {};
      const fn = objectOf(tool.function);
      if (tool.type === 'custom') {
        const custom = objectOf(tool.custom) ?? {};
        tools.push({
          index: tools.length,
          name: String(custom.name ?? ''),
          ...(typeof custom.description === 'string' ? { description: custom.description } : {}),
          path: `tools[${i}].custom`,
          raw,
        });
        continue;
      }
      tools.push({
        index: tools.length,
        name: typeof fn?.name === 'string' ? fn.name : '',
        ...(typeof fn?.description === 'string' ? { description: fn.description } : {}),
        ...(fn && 'parameters' in fn ? { parameters: fn.parameters } : {}),
        ...(typeof fn?.strict === 'boolean' ? { strict: fn.strict } : {}),
        path: `tools[${i}].function`,
        raw,
      });
    }
  }
  // The deprecated `functions` parameter offers functions the same way.
  if (Array.isArray(body.functions)) {
    for (const [i, raw] of body.functions.entries()) {
      const fn = objectOf(raw) ?? {};
      tools.push({
        index: tools.length,
        name: typeof fn.name === 'string' ? fn.name : '',
        ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
        ...('parameters' in fn ? { parameters: fn.parameters } : {}),
        path: `functions[${i}]`,
        raw,
      });
    }
  }
  return tools;
}

function readMessage(raw: unknown): TurnMessage {
  const message = objectOf(raw) ?? {};
  const role = String(message.role ?? '');
  const calls: ModelToolCall[] = [];
  const results: ModelToolResult[] = [];
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      const entry = objectOf(call) ?? {};
      const fn = objectOf(entry.function) ?? {};
      calls.push({
        callId: String(entry.id ?? ''),
        name: String(fn.name ?? ''),
        arguments: parseArguments(fn.arguments),
      });
    }
  }
  const legacyCall = objectOf(message.function_call);
  if (legacyCall)
    calls.push({
      callId: `function_call:${String(legacyCall.name)}`,
      name: String(legacyCall.name ?? ''),
      arguments: parseArguments(legacyCall.arguments),
    });
  if (role === 'tool')
    results.push({ callId: String(message.tool_call_id ?? ''), text: contentText(message.content) });
  if (role === 'function')
    results.push({
      callId: `function_call:${String(message.name)}`,
      name: String(message.name ?? ''),
      text: contentText(message.content),
    });
  return { role, calls, results, text: role === 'tool' ? '' : contentText(message.content ?? '') };
}

function usage(turn: ModelTurn, answer: ModelAnswer) {
  const prompt = roughTokens(turn.body);
  const completion = roughTokens(answer);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const finishReason = (answer: ModelAnswer) => (answer.toolCalls.length > 0 ? 'tool_calls' : 'stop');

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`): `messages` with `tool_calls` and `tool`
 * messages, `tools` of `type: "function"` (and the deprecated `functions`); a `chat.completion`
 * object, or `chat.completion.chunk` events ending in `data: [DONE]` when `stream` is true.
 * @see https://platform.openai.com/docs/api-reference/chat/create (shapes as the `openai` SDK's types give them)
 */
export const openAiChatWire: ModelWire = {
  api: 'openai-chat',
  family: 'openai',
  parse(body): ParseOutcome {
    if (typeof body.model !== 'string' || body.model === '')
      return {
        ok: false,
        finding: {
          rule: 'openai.request-fields',
          category: 'request',
          field: 'model',
          message: 'you must provide a model parameter',
          code: null,
        },
      };
    if (!Array.isArray(body.messages))
      return {
        ok: false,
        finding: {
          rule: 'openai.request-fields',
          category: 'request',
          field: 'messages',
          message: "Missing required parameter: 'messages'.",
          code: 'missing_required_parameter',
        },
      };
    return {
      ok: true,
      turn: {
        api: 'openai-chat',
        model: body.model,
        stream: body.stream === true,
        tools: offeredTools(body),
        messages: body.messages.map(readMessage),
        body,
      },
    };
  },
  callId: (_turn, exchange, index) => `call_toolshift_${exchange}_${index}`,
  respond(turn, answer, ids) {
    return {
      id: `chatcmpl-toolshift-${ids.exchange}`,
      object: 'chat.completion',
      created: ids.createdAt,
      model: turn.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: answer.text ?? null,
            refusal: null,
            annotations: [],
            ...(answer.toolCalls.length > 0
              ? {
                  tool_calls: answer.toolCalls.map((call) => ({
                    id: call.callId,
                    type: 'function',
                    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: finishReason(answer),
        },
      ],
      usage: usage(turn, answer),
    };
  },
  stream(turn, answer, ids) {
    const base = {
      id: `chatcmpl-toolshift-${ids.exchange}`,
      object: 'chat.completion.chunk',
      created: ids.createdAt,
      model: turn.model,
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): SseEvent => ({
      data: JSON.stringify({
        ...base,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      }),
    });
    const events: SseEvent[] = [chunk({ role: 'assistant', content: '', refusal: null })];
    if (answer.text) events.push(chunk({ content: answer.text }));
    for (const [index, call] of answer.toolCalls.entries()) {
      events.push(
        chunk({
          tool_calls: [
            { index, id: call.callId, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      );
      events.push(
        chunk({ tool_calls: [{ index, function: { arguments: JSON.stringify(call.arguments) } }] }),
      );
    }
    events.push(chunk({}, finishReason(answer)));
    const options = objectOf(turn.body.stream_options);
    if (options?.include_usage === true)
      events.push({ data: JSON.stringify({ ...base, choices: [], usage: usage(turn, answer) }) });
    events.push({ data: '[DONE]' });
    return events;
  },
  reject: (findings) => openAiError(findings[0]!),
  fail: (status, message) => openAiFailure(status, message),
};
