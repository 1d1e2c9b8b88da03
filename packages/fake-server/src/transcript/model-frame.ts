/**
 * The wire APIs the fake model provider speaks: OpenAI Chat Completions (`POST /v1/chat/completions`)
 * and Responses (`POST /v1/responses`), Anthropic Messages (`POST /v1/messages`), Gemini
 * `generateContent` / `streamGenerateContent` (`POST /v1beta/models/{model}:…`), and the model
 * lists (`GET /v1/models`, `GET /v1beta/models`).
 */
export type ModelApi = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini' | 'models';

/** One tool a model request offers, as the request states it (an API-neutral reading). */
export interface ModelToolOffer {
  /** Position in the request's tool list, 0-based (Gemini: across every `tools[].functionDeclarations`). */
  index: number;
  /** The model-facing name. */
  name: string;
  description?: string;
  /** The parameters schema as sent (OpenAI `parameters`, Anthropic `input_schema`, Gemini `parameters` or `parametersJsonSchema`). */
  parameters?: unknown;
  /** OpenAI `strict` as sent (absent when the request does not say). */
  strict?: boolean;
}

/** A tool call the model made: in an answer, or repeated by the host in a later request's history. */
export interface ModelToolCall {
  /** The call's id (OpenAI `tool_calls[].id` / `call_id`, Anthropic `tool_use.id`, Gemini `functionCall.id`, or a position-based id when Gemini omits it). */
  callId: string;
  name: string;
  arguments: unknown;
}

/** A tool result the host sent back to the model in a request. */
export interface ModelToolResult {
  /** The id of the call it answers (Gemini without ids: the name and position of the call). */
  callId: string;
  /** The function name, where the API carries it (Gemini `functionResponse.name`). */
  name?: string;
  /** The result as text (content blocks joined; a Gemini `response` object as JSON). */
  text: string;
  /**
   * Whether the host marked it as an error: Anthropic `is_error`; a Gemini `response` holding only
   * an `error` key. Absent where the API has no error flag (OpenAI tool messages and outputs).
   */
  isError?: boolean;
}

/** A provider rule a model request broke, as the fake provider reports it. */
export interface ModelRuleViolation {
  /** The rule's id, e.g. `openai.tool-count` (see the fake-server README's provider rules). */
  rule: string;
  /** What the rule is about. */
  category: 'request' | 'name' | 'count' | 'duplicate' | 'schema' | 'history';
  /** The model-facing name of the tool at fault, when one is. */
  tool?: string;
  /** That tool's index in the request's tool list. */
  toolIndex?: number;
  /** Where in the request body, as the provider names it (`tools[3].function.name`, `tools.3.custom.name`, …). */
  field: string;
  /** The provider's own error text for it. */
  message: string;
}

/**
 * The detail of a `model` transcript frame: one request from the host to the fake model provider
 * (`direction: 'in'`) or the provider's answer (`'out'`). The in and out frames of one exchange
 * share `exchange`.
 */
export interface ModelFrameDetail {
  api: ModelApi;
  /** 1-based number of the exchange with the provider. */
  exchange: number;
  /** The request path, e.g. `/v1/chat/completions`. */
  path: string;
  /** The model the request named. */
  model?: string;
  /** Whether the answer is (to be) streamed as Server-Sent Events. */
  stream?: boolean;
  /** `in`: the request body as received (parsed JSON), or its text when it is not JSON. */
  body?: unknown;
  /** `in`: the tools the request offers, in order. */
  tools?: ModelToolOffer[];
  /** `in`: every tool call of the model the request's history repeats, in order. */
  historyCalls?: ModelToolCall[];
  /** `in`: every tool result the request's history carries, in order. */
  toolResults?: ModelToolResult[];
  /** `out`: what the model answered. */
  reply?: { text?: string; toolCalls?: ModelToolCall[] };
  /** `out`: the provider rules the request broke (the answer is the provider's error). */
  violations?: ModelRuleViolation[];
  /** `out`: the response body (JSON), or the list of SSE events sent. */
  response?: unknown;
}
