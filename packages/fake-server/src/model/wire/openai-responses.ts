import type { ModelToolCall, ModelToolResult } from '../../transcript/model-frame.js';
import { contentText, type ModelTurn, type OfferedTool, objectOf, type TurnMessage } from '../model-turn.js';
import {
  type ExchangeIds,
  type ModelAnswer,
  type ModelWire,
  type ParseOutcome,
  roughTokens,
  type SseEvent,
} from './model-wire.js';
import { parseArguments } from './openai-chat.js';
import { openAiError, openAiFailure } from './openai-errors.js';

function offeredTools(body: Record<string, unknown>): OfferedTool[] {
  if (!Array.isArray(body.tools)) return [];
  const tools: OfferedTool[] = [];
  for (const [i, raw] of body.tools.entries()) {
    const tool = objectOf(raw) ?? {};
    if (tool.type !== 'function') continue;
    tools.push({
      index: tools.length,
      name: typeof tool.name === 'string' ? tool.name : '',
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...('parameters' in tool && tool.parameters !== null ? { parameters: tool.parameters } : {}),
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
      path: `tools[${i}]`,
      raw,
    });
  }
  return tools;
}

/** One input item as a pseudo-message (messages, function calls and their outputs are items). */
function readItem(raw: unknown): TurnMessage {
  const item = objectOf(raw) ?? {};
  const calls: ModelToolCall[] = [];
  const results: ModelToolResult[] = [];
  if (item.type === 'function_call')
    calls.push({
      callId: String(item.call_id ?? ''),
      name: String(item.name ?? ''),
      arguments: parseArguments(item.arguments),
    });
  if (item.type === 'function_call_output')
    results.push({ callId: String(item.call_id ?? ''), text: contentText(item.output) });
  const role =
    typeof item.role === 'string' ? item.role : item.type === 'function_call' ? 'assistant' : 'tool';
  return { role, calls, results, text: 'content' in item ? contentText(item.content) : '' };
}

function usage(turn: ModelTurn, answer: ModelAnswer) {
  const input = roughTokens(turn.body);
  const output = roughTokens(answer);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

/** The output items of an answer: a message with the text, then one `function_call` per call. */
function outputItems(answer: ModelAnswer, ids: ExchangeIds, status: 'completed' | 'in_progress') {
  const items: Array<Record<string, unknown>> = [];
  if (answer.text !== undefined)
    items.push({
      id: `msg_toolshift_${ids.exchange}`,
      type: 'message',
      role: 'assistant',
      status,
      content: [{ type: 'output_text', text: status === 'completed' ? answer.text : '', annotations: [] }],
    });
  for (const [index, call] of answer.toolCalls.entries())
    items.push({
      id: `fc_toolshift_${ids.exchange}_${index}`,
      type: 'function_call',
      call_id: call.callId,
      name: call.name,
      arguments: status === 'completed' ? JSON.stringify(call.arguments) : '',
      status,
    });
  return items;
}

function response(turn: ModelTurn, answer: ModelAnswer, ids: ExchangeIds, done: boolean) {
  const output = done ? outputItems(answer, ids, 'completed') : [];
  return {
    id: `resp_toolshift_${ids.exchange}`,
    object: 'response',
    created_at: ids.createdAt,
    status: done ? 'completed' : 'in_progress',
    ...(done ? { completed_at: ids.createdAt } : {}),
    error: null,
    incomplete_details: null,
    instructions: turn.body.instructions ?? null,
    metadata: turn.body.metadata ?? {},
    model: turn.model,
    output,
    output_text: done ? (answer.text ?? '') : '',
    parallel_tool_calls: turn.body.parallel_tool_calls ?? true,
    previous_response_id: turn.body.previous_response_id ?? null,
    temperature: turn.body.temperature ?? null,
    tool_choice: turn.body.tool_choice ?? 'auto',
    tools: turn.body.tools ?? [],
    top_p: turn.body.top_p ?? null,
    ...(done ? { usage: usage(turn, answer) } : {}),
  };
}

/**
 * OpenAI Responses (`POST /v1/responses`): `input` as a string or items (messages, `function_call`,
 * `function_call_output`), `tools` of `type: "function"`; a `response` object, or the
 * `response.*` event sequence (created, in_progress, output items with their deltas, completed)
 * when `stream` is true.
 * @see https://platform.openai.com/docs/api-reference/responses/create (shapes as the `openai` SDK's types give them)
 */
export const openAiResponsesWire: ModelWire = {
  api: 'openai-responses',
  family: 'openai',
  parse(body): ParseOutcome {
    if (typeof body.model !== 'string' || body.model === '')
      return {
        ok: false,
        finding: {
          rule: 'openai.request-fields',
          category: 'request',
          field: 'model',
          message: "Missing required parameter: 'model'.",
          code: 'missing_required_parameter',
        },
      };
    const input = body.input;
    const messages: TurnMessage[] =
      typeof input === 'string'
        ? [{ role: 'user', calls: [], results: [], text: input }]
        : Array.isArray(input)
          ? input.map(readItem)
          : [];
    return {
      ok: true,
      turn: {
        api: 'openai-responses',
        model: body.model,
        stream: body.stream === true,
        tools: offeredTools(body),
        messages,
        body,
      },
    };
  },
  callId: (_turn, exchange, index) => `call_toolshift_${exchange}_${index}`,
  respond: (turn, answer, ids) => response(turn, answer, ids, true),
  stream(turn, answer, ids) {
    let sequence = 0;
    const events: SseEvent[] = [];
    const emit = (type: string, fields: Record<string, unknown>) =>
      events.push({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...fields }) });
    emit('response.created', { response: response(turn, answer, ids, false) });
    emit('response.in_progress', { response: response(turn, answer, ids, false) });
    const started = outputItems(answer, ids, 'in_progress');
    const finished = outputItems(answer, ids, 'completed');
    for (const [outputIndex, item] of started.entries()) {
      const done = finished[outputIndex]!;
      emit('response.output_item.added', { output_index: outputIndex, item });
      const itemId = String(item.id);
      if (item.type === 'message') {
        const part = { type: 'output_text', text: '', annotations: [] };
        const text = answer.text ?? '';
        emit('response.content_part.added', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          part,
        });
        emit('response.output_text.delta', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          delta: text,
          logprobs: [],
        });
        emit('response.output_text.done', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          text,
          logprobs: [],
        });
        emit('response.content_part.done', {
          item_id: itemId,
          output_index: outputIndex,
          content_index: 0,
          part: { ...part, text },
        });
      } else {
        emit('response.function_call_arguments.delta', {
          item_id: itemId,
          output_index: outputIndex,
          delta: done.arguments,
        });
        emit('response.function_call_arguments.done', {
          item_id: itemId,
          output_index: outputIndex,
          name: done.name,
          arguments: done.arguments,
        });
      }
      emit('response.output_item.done', { output_index: outputIndex, item: done });
    }
    emit('response.completed', { response: response(turn, answer, ids, true) });
    return events;
  },
  reject: (findings) => openAiError(findings[0]!),
  fail: (status, message) => openAiFailure(status, message),
};
