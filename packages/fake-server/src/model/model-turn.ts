import type { ModelApi, ModelToolCall, ModelToolOffer, ModelToolResult } from '../transcript/model-frame.js';

/** A tool a model request offers, with where it sits in the body (for the provider's error paths). */
export interface OfferedTool extends ModelToolOffer {
  /**
   * The tool's place in the body as the provider names it in errors: `tools[3].function` (OpenAI
   * Chat Completions), `tools[3]` (Responses), `tools.3.custom` (Anthropic),
   * `tools[0].function_declarations[3]` (Gemini).
   */
  path: string;
  /** Gemini: the field the schema came in (`parameters` or `parametersJsonSchema`). */
  schemaField?: 'parameters' | 'parametersJsonSchema';
  /** The tool object exactly as sent. */
  raw: unknown;
}

/** One message of the conversation a request carries, reduced to what the provider rules look at. */
export interface TurnMessage {
  /** `user`, `assistant` (OpenAI), `model` (Gemini), `tool`, `system`, … as the API names it. */
  role: string;
  /** Tool calls the model made in this message. */
  calls: ModelToolCall[];
  /** Tool results this message carries. */
  results: ModelToolResult[];
  /** Text content, joined. */
  text: string;
}

/**
 * A model request read into an API-neutral form: what the provider rules check and what the
 * scripted model answers from.
 */
export interface ModelTurn {
  api: Exclude<ModelApi, 'models'>;
  /** The model named in the body or the path. */
  model: string;
  /** Whether the answer is to be streamed (SSE). */
  stream: boolean;
  tools: OfferedTool[];
  /** The conversation in order (Responses: one pseudo-message per input item). */
  messages: TurnMessage[];
  /** The request body as parsed. */
  body: Record<string, unknown>;
}

/** Every tool call of the model the conversation repeats. */
export function historyCalls(turn: ModelTurn): ModelToolCall[] {
  return turn.messages.flatMap((message) => message.calls);
}

/** Every tool result the conversation carries. */
export function toolResults(turn: ModelTurn): ModelToolResult[] {
  return turn.messages.flatMap((message) => message.results);
}

/** Text of a tool result's content: a string, or text blocks joined (other blocks as JSON). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined ? '' : JSON.stringify(content);
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string')
        return (part as { text: string }).text;
      return JSON.stringify(part);
    })
    .join('\n');
}

/** `value` when it is a plain object, else `undefined`. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
