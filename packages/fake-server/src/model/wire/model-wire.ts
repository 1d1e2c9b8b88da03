import type { ModelApi, ModelRuleViolation, ModelToolCall } from '../../transcript/model-frame.js';
import type { ModelTurn } from '../model-turn.js';

/** The provider family of a wire API (whose rules and error shape apply). */
export type ProviderFamily = 'openai' | 'anthropic' | 'gemini';

/**
 * A rule violation with what the provider's error body needs beyond the transcript's view: the
 * OpenAI error `code`, or how Gemini reports it (`payload`: a JSON payload error listed with the
 * others and in `fieldViolations`; `proto`: a "proto is invalid" line; `plain`: the message alone).
 */
export interface RuleFinding extends ModelRuleViolation {
  code?: string | null;
  style?: 'payload' | 'proto' | 'plain';
}

/** What the model answers: text, tool calls, or both (resolved names and arguments). */
export interface ModelAnswer {
  text?: string;
  toolCalls: ModelToolCall[];
}

/** Where a request arrived, as the route table read it. */
export interface RouteMatch {
  api: Exclude<ModelApi, 'models'>;
  path: string;
  /** The model named in the path (Gemini). */
  model?: string;
  /** Whether the path itself asks for a stream (Gemini `streamGenerateContent`). */
  stream?: boolean;
}

/** One Server-Sent Event of a streamed answer. */
export interface SseEvent {
  /** The `event:` line (Anthropic and Responses name their events; OpenAI chat and Gemini do not). */
  event?: string;
  data: string;
}

/** A rendered error: HTTP status and JSON body in the provider's own shape. */
export interface RenderedError {
  status: number;
  body: unknown;
}

/** Reading a body: the turn, or the first thing that makes it unreadable to the provider. */
export type ParseOutcome = { ok: true; turn: ModelTurn } | { ok: false; finding: RuleFinding };

/** Deterministic ids and numbers for one exchange. */
export interface ExchangeIds {
  /** 1-based exchange number. */
  exchange: number;
  /** A stable pseudo timestamp (s) for `created` fields. */
  createdAt: number;
  /** The call ids to use for the answer's tool calls, in order. */
  callIds: string[];
}

/**
 * One wire API of the fake model provider: reads a request into a {@link ModelTurn}, writes the
 * model's answer as the API's JSON or SSE events, and writes errors in the provider's own shape.
 */
export interface ModelWire {
  readonly api: Exclude<ModelApi, 'models'>;
  readonly family: ProviderFamily;
  parse(body: Record<string, unknown>, route: RouteMatch): ParseOutcome;
  /** The call id for the answer's `index`-th tool call to `name` (Gemini derives ids from names). */
  callId(turn: ModelTurn, exchange: number, index: number, name: string, before: readonly string[]): string;
  respond(turn: ModelTurn, answer: ModelAnswer, ids: ExchangeIds): unknown;
  stream(turn: ModelTurn, answer: ModelAnswer, ids: ExchangeIds): SseEvent[];
  /** The provider's answer to a request that broke rules (every finding; the API reports what it reports). */
  reject(findings: readonly RuleFinding[], ids: ExchangeIds): RenderedError;
  /** The provider failing on its side (`status` 429, 500, 503, 529 …). */
  fail(status: number, message: string, ids: ExchangeIds): RenderedError;
}

/** A rough token count for usage fields: 4 characters a token. */
export function roughTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.max(1, Math.ceil(text.length / 4));
}
