import type { ModelToolCall, ModelToolResult } from '../../transcript/model-frame.js';
import { contentText, type ModelTurn, type OfferedTool, objectOf, type TurnMessage } from '../model-turn.js';
import {
  type ExchangeIds,
  type ModelAnswer,
  type ModelWire,
  type ParseOutcome,
  type RenderedError,
  roughTokens,
  type SseEvent,
} from './model-wire.js';

function offeredTools(body: Record<string, unknown>): OfferedTool[] {
  if (!Array.isArray(body.tools)) return [];
  const tools: OfferedTool[] = [];
  for (const [i, raw] of body.tools.entries()) {
    const tool = objectOf(raw) ?? {};
    // Server tools (`bash_20250124`, `web_search_…`) carry a `type` of their own; custom tools none or `custom`.
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') continue;
    tools.push({
      index: tools.length,
      name: typeof tool.name === 'string' ? tool.name : '',
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...('input_schema' in tool ? { parameters: tool.input_schema } : {}),
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
      path: `tools.${i}.custom`,
      raw,
    });
  }
  return tools;
}

function readMessage(raw: unknown): TurnMessage {
  const message = objectOf(raw) ?? {};
  const role = String(message.role ?? '');
  const calls: ModelToolCall[] = [];
  const results: ModelToolResult[] = [];
  const texts: string[] = [];
  const blocks =
    typeof message.content === 'string' ? [] : Array.isArray(message.content) ? message.content : [];
  if (typeof message.content === 'string') texts.push(message.content);
  for (const rawBlock of blocks) {
    const block = objectOf(rawBlock) ?? {};
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    if (block.type === 'tool_use')
      calls.push({ callId: String(block.id ?? ''), name: String(block.name ?? ''), arguments: block.input });
    if (block.type === 'tool_result')
      results.push({
        callId: String(block.tool_use_id ?? ''),
        text: contentText(block.content ?? ''),
        ...(typeof block.is_error === 'boolean' ? { isError: block.is_error } : {}),
      });
  }
  return { role, calls, results, text: texts.join('\n') };
}

function usage(turn: ModelTurn, answer: ModelAnswer) {
  return {
    cache_creation: null,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    inference_geo: null,
    input_tokens: roughTokens(turn.body),
    output_tokens: roughTokens(answer),
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  };
}

const stopReason = (answer: ModelAnswer) => (answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn');

function contentBlocks(answer: ModelAnswer) {
  return [
    ...(answer.text !== undefined ? [{ type: 'text', text: answer.text, citations: null }] : []),
    ...answer.toolCalls.map((call) => ({
      type: 'tool_use',
      id: call.callId,
      name: call.name,
      input: call.arguments,
      caller: { type: 'direct' },
    })),
  ];
}

function message(turn: ModelTurn, answer: ModelAnswer, ids: ExchangeIds, done: boolean) {
  return {
    id: `msg_toolshift_${ids.exchange}`,
    type: 'message',
    role: 'assistant',
    model: turn.model,
    content: done ? contentBlocks(answer) : [],
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: done ? stopReason(answer) : null,
    stop_sequence: null,
    usage: done ? usage(turn, answer) : { ...usage(turn, answer), output_tokens: 1 },
  };
}

const REQUIRED = ['model', 'messages', 'max_tokens'] as const;

/** An Anthropic API error body: `{ type: "error", error: { type, message }, request_id }`. */
function anthropicError(status: number, type: string, text: string, ids: ExchangeIds): RenderedError {
  return {
    status,
    body: { type: 'error', error: { type, message: text }, request_id: `req_toolshift_${ids.exchange}` },
  };
}

/**
 * Anthropic Messages (`POST /v1/messages`): `messages` with `tool_use` and `tool_result` blocks,
 * `tools` with `input_schema`; a `message` object, or the `message_start` … `message_stop` event
 * sequence (content blocks with `text_delta` / `input_json_delta`) when `stream` is true.
 * @see https://docs.anthropic.com/en/api/messages (shapes as the `@anthropic-ai/sdk` types give them)
 * @see https://docs.anthropic.com/en/api/messages-streaming
 */
export const anthropicMessagesWire: ModelWire = {
  api: 'anthropic-messages',
  family: 'anthropic',
  parse(body): ParseOutcome {
    const missing = REQUIRED.find((field) => body[field] === undefined);
    if (missing)
      return {
        ok: false,
        finding: {
          rule: 'anthropic.request-fields',
          category: 'request',
          field: missing,
          message: `${missing}: Field required`,
        },
      };
    return {
      ok: true,
      turn: {
        api: 'anthropic-messages',
        model: String(body.model),
        stream: body.stream === true,
        tools: offeredTools(body),
        messages: Array.isArray(body.messages) ? body.messages.map(readMessage) : [],
        body,
      },
    };
  },
  callId: (_turn, exchange, index) => `toolu_toolshift_${exchange}_${index}`,
  respond: (turn, answer, ids) => message(turn, answer, ids, true),
  stream(turn, answer, ids) {
    const events: SseEvent[] = [];
    const emit = (type: string, fields: Record<string, unknown>) =>
      events.push({ event: type, data: JSON.stringify({ type, ...fields }) });
    emit('message_start', { message: message(turn, answer, ids, false) });
    let index = 0;
    if (answer.text !== undefined) {
      emit('content_block_start', { index, content_block: { type: 'text', text: '', citations: null } });
      emit('content_block_delta', { index, delta: { type: 'text_delta', text: answer.text } });
      emit('content_block_stop', { index });
      index += 1;
    }
    for (const call of answer.toolCalls) {
      emit('content_block_start', {
        index,
        content_block: {
          type: 'tool_use',
          id: call.callId,
          name: call.name,
          input: {},
          caller: { type: 'direct' },
        },
      });
      emit('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.arguments) },
      });
      emit('content_block_stop', { index });
      index += 1;
    }
    const final = usage(turn, answer);
    emit('message_delta', {
      delta: { container: null, stop_details: null, stop_reason: stopReason(answer), stop_sequence: null },
      usage: {
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        input_tokens: final.input_tokens,
        output_tokens: final.output_tokens,
        output_tokens_details: null,
        server_tool_use: null,
      },
    });
    emit('message_stop', {});
    return events;
  },
  reject: (findings, ids) => anthropicError(400, 'invalid_request_error', findings[0]!.message, ids),
  fail(status, text, ids) {
    const type =
      status === 429
        ? 'rate_limit_error'
        : status === 529
          ? 'overloaded_error'
          : status >= 500
            ? 'api_error'
            : 'invalid_request_error';
    return anthropicError(status, type, text, ids);
  },
};
