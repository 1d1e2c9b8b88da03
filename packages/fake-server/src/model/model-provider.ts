import { InMemoryTranscript } from '../transcript/in-memory-transcript.js';
import type { ModelApi, ModelFrameDetail, ModelToolCall } from '../transcript/model-frame.js';
import type { Transcript } from '../transcript/transcript.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import { DEFAULT_DIRECTIVE, type ModelDirective } from './model-directive.js';
import { pickModelHeaders } from './model-headers.js';
import { matchModelRoute, modelsBody } from './model-routes.js';
import { historyCalls, type ModelTurn, objectOf, toolResults } from './model-turn.js';
import { resolveDirective, type ToolAttribution } from './resolve-directive.js';
import { checkProviderRules, PROVIDER_RULES, UNRELAXABLE_RULES } from './rules/index.js';
import { anthropicMessagesWire } from './wire/anthropic-messages.js';
import { geminiWire } from './wire/gemini-generate.js';
import type {
  ExchangeIds,
  ModelAnswer,
  ModelWire,
  RouteMatch,
  RuleFinding,
  SseEvent,
} from './wire/model-wire.js';
import { openAiChatWire } from './wire/openai-chat.js';
import { openAiResponsesWire } from './wire/openai-responses.js';

const WIRES: Readonly<Record<Exclude<ModelApi, 'models'>, ModelWire>> = {
  'openai-chat': openAiChatWire,
  'openai-responses': openAiResponsesWire,
  'anthropic-messages': anthropicMessagesWire,
  gemini: geminiWire,
};

/** The models `GET /v1/models` lists by default (any model name is accepted in requests). */
export const DEFAULT_MODELS: readonly string[] = ['toolshift-model'];

/** One HTTP request to the fake model provider (transport-neutral). */
export interface ModelHttpRequest {
  method: string;
  /** The path without the query, e.g. `/v1/messages`. */
  path: string;
  query: Readonly<Record<string, string>>;
  /** Request headers, names lower-cased. */
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/** The provider's answer: a JSON body, or Server-Sent Events. */
export type ModelHttpResponse =
  | { status: number; headers: Record<string, string>; body: string }
  | { status: number; headers: Record<string, string>; events: SseEvent[] };

/** A model request the provider accepted and is about to answer. */
export interface AcceptedModelRequest {
  exchange: number;
  turn: ModelTurn;
  /** Its `in` frame. */
  frame: TranscriptFrame;
}

/** Decides the answer to each accepted request (held mode); `undefined` hands it to the queue. */
export type ModelInterceptor = (request: AcceptedModelRequest) => ModelDirective | Promise<ModelDirective>;

/** What happened to one request, for listeners: its `in` frame, and its `out` frame once answered. */
export interface ModelExchangeEvent {
  exchange: number;
  api: ModelApi;
  in: TranscriptFrame;
  /** Present once the provider answered. */
  out?: TranscriptFrame;
}

/** Options for {@link createModelProvider}. */
export interface ModelProviderOptions {
  /**
   * Where frames go: a fake server's transcript (same logical clock and numbering as its MCP
   * frames), or by default a transcript of the provider's own.
   */
  transcript?: Transcript;
  /** Ids of provider rules not to enforce (see `PROVIDER_RULES`); request-field rules cannot be relaxed. */
  relax?: Iterable<string>;
  /** Model ids `GET /v1/models` lists (default `toolshift-model`). */
  models?: readonly string[];
  /** Which (server, tool) each offered tool stands for, for `{ server, tool }` picks. */
  attribute?: ToolAttribution;
}

/**
 * A fake model provider: speaks OpenAI Chat Completions and Responses, Anthropic Messages and
 * Gemini generateContent (JSON and SSE), enforces each provider's rules with its own error shape,
 * answers as its script says, and records every request and answer as `model` transcript frames.
 */
export interface ModelProvider {
  /** Where its frames are recorded. */
  readonly transcript: Transcript;
  /** The rule ids it does not enforce. */
  readonly relaxed: ReadonlySet<string>;
  /** Answers one HTTP request. Never rejects: bad input gets the provider's error. */
  handle(request: ModelHttpRequest): Promise<ModelHttpResponse>;
  /** Queues answers for the next accepted requests, in order (used when no interceptor is set). */
  enqueue(...directives: ModelDirective[]): void;
  /** How many queued answers are left. */
  queued(): number;
  /** Sets (or with `undefined` removes) the function that answers every accepted request. */
  intercept(interceptor: ModelInterceptor | undefined): void;
  /** Stops enforcing these rules. @throws {TypeError} for an unknown or unrelaxable rule id. */
  relax(ruleIds: Iterable<string>): void;
  /** Subscribes to request and answer events; returns the unsubscribe function. */
  onExchange(listener: (event: ModelExchangeEvent) => void): () => void;
  /** Every exchange so far, in order. */
  exchanges(): readonly ModelExchangeEvent[];
}

/**
 * Creates a fake model provider (serve it over HTTP with `serveModelProvider` or
 * `startHttpTransport(server, { model })` from `@toolshift/fake-server/http`).
 * @throws {TypeError} when `relax` names an unknown or unrelaxable rule.
 */
export function createModelProvider(options: ModelProviderOptions = {}): ModelProvider {
  return new ModelProviderImpl(options);
}

const json = (status: number, body: unknown): ModelHttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

class ModelProviderImpl implements ModelProvider {
  readonly transcript: Transcript;
  private readonly relaxedRules = new Set<string>();
  private readonly queue: ModelDirective[] = [];
  private interceptor: ModelInterceptor | undefined;
  private readonly listeners = new Set<(event: ModelExchangeEvent) => void>();
  private readonly log: ModelExchangeEvent[] = [];
  private readonly answers = new Map<string, ModelToolCall[]>();
  private exchangeCount = 0;
  private readonly models: readonly string[];

  constructor(private readonly options: ModelProviderOptions) {
    this.transcript =
      options.transcript ?? new InMemoryTranscript({ nowTick: () => 0, catalogRevision: () => 0 });
    this.models = options.models ?? DEFAULT_MODELS;
    this.relax(options.relax ?? []);
  }

  get relaxed(): ReadonlySet<string> {
    return this.relaxedRules;
  }

  enqueue(...directives: ModelDirective[]): void {
    this.queue.push(...directives);
  }

  queued(): number {
    return this.queue.length;
  }

  intercept(interceptor: ModelInterceptor | undefined): void {
    this.interceptor = interceptor;
  }

  relax(ruleIds: Iterable<string>): void {
    for (const id of ruleIds) {
      if (UNRELAXABLE_RULES.has(id)) throw new TypeError(`The model provider rule ${id} cannot be relaxed.`);
      if (!KNOWN_RULES.has(id)) throw new TypeError(`Unknown model provider rule ${JSON.stringify(id)}.`);
      this.relaxedRules.add(id);
    }
  }

  onExchange(listener: (event: ModelExchangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  exchanges(): readonly ModelExchangeEvent[] {
    return this.log;
  }

  async handle(request: ModelHttpRequest): Promise<ModelHttpResponse> {
    const route = matchModelRoute(request.method, request.path, request.headers);
    if (!route) {
      this.transcript.record({
        era: 'unknown',
        transport: 'http',
        streamId: 'model',
        direction: 'server',
        kind: 'note',
        note: `model provider: no model API at ${request.method} ${request.path} (404)`,
      });
      return json(404, {
        error: {
          message: `Unknown request URL: ${request.method} ${request.path}.`,
          type: 'invalid_request_error',
          code: 'unknown_url',
        },
      });
    }
    const exchange = ++this.exchangeCount;
    const frame = (
      direction: 'in' | 'out',
      detail: Omit<ModelFrameDetail, 'exchange' | 'path' | 'api'>,
      extra = {},
    ) =>
      this.transcript.record({
        era: 'unknown',
        transport: 'http',
        streamId: `model-${exchange}`,
        direction,
        kind: 'model',
        ...(direction === 'in'
          ? { httpMethod: request.method, ...optionalHeaders(pickModelHeaders(request.headers)) }
          : {}),
        ...extra,
        model: { api: route.api, exchange, path: route.path, ...detail },
      });
    if (route.api === 'models') {
      const event: ModelExchangeEvent = { exchange, api: 'models', in: frame('in', {}) };
      this.announce(event);
      const { status, body } = modelsBody(route, this.models);
      event.out = frame('out', { response: body }, { httpStatus: status });
      this.announce(event);
      return json(status, body);
    }
    return this.generate(request, route, exchange, frame);
  }

  private async generate(
    request: ModelHttpRequest,
    route: RouteMatch,
    exchange: number,
    frame: (
      direction: 'in' | 'out',
      detail: Omit<ModelFrameDetail, 'exchange' | 'path' | 'api'>,
      extra?: object,
    ) => TranscriptFrame,
  ): Promise<ModelHttpResponse> {
    const wire = WIRES[route.api];
    const ids: ExchangeIds = { exchange, createdAt: 1_767_225_600 + exchange, callIds: [] };
    const body = parseJson(request.body);
    const stream = route.stream === true || objectOf(body)?.stream === true;
    const reject = (findings: RuleFinding[], event: ModelExchangeEvent): ModelHttpResponse => {
      const rendered = wire.reject(findings, ids);
      event.out = frame(
        'out',
        { violations: findings.map(toViolation), response: rendered.body },
        { httpStatus: rendered.status },
      );
      this.announce(event);
      return json(rendered.status, rendered.body);
    };
    if (!objectOf(body)) {
      const event: ModelExchangeEvent = {
        exchange,
        api: route.api,
        in: frame('in', { body: request.body ?? '', stream }),
      };
      this.announce(event);
      return reject([unreadableBody(wire, request.body)], event);
    }
    const parsed = wire.parse(body as Record<string, unknown>, route);
    if (!parsed.ok) {
      const event: ModelExchangeEvent = { exchange, api: route.api, in: frame('in', { body, stream }) };
      this.announce(event);
      return reject([parsed.finding], event);
    }
    const turn = this.withPreviousResponse(parsed.turn);
    const inFrame = frame('in', {
      model: turn.model,
      stream: turn.stream,
      body,
      tools: turn.tools.map(({ path: _path, raw: _raw, schemaField: _field, ...offer }) => offer),
      historyCalls: historyCalls(turn),
      toolResults: toolResults(turn),
    });
    const event: ModelExchangeEvent = { exchange, api: route.api, in: inFrame };
    this.announce(event);
    const findings = checkProviderRules(turn, this.relaxedRules);
    if (findings.length > 0) return reject(findings, event);
    const directive = this.interceptor
      ? await this.interceptor({ exchange, turn, frame: inFrame })
      : (this.queue.shift() ?? DEFAULT_DIRECTIVE);
    if (directive.reply === 'fail') {
      const rendered = wire.fail(directive.status, directive.message ?? 'The model provider failed.', ids);
      event.out = frame('out', { response: rendered.body }, { httpStatus: rendered.status });
      this.announce(event);
      return json(rendered.status, rendered.body);
    }
    const { answer, notes } = resolveDirective(directive, turn, wire, exchange, this.options.attribute);
    for (const note of notes)
      this.transcript.record({
        era: 'unknown',
        transport: 'http',
        streamId: `model-${exchange}`,
        direction: 'server',
        kind: 'note',
        note: `scripted model: ${note}`,
      });
    if (route.api === 'openai-responses') this.answers.set(`resp_toolshift_${exchange}`, answer.toolCalls);
    const response = this.answer(turn, answer, wire, ids, event, frame);
    // Gemini's streamGenerateContent without `alt=sse` answers the chunks as one JSON array.
    if (route.api === 'gemini' && 'events' in response && request.query.alt !== 'sse')
      return json(
        200,
        response.events.map((each) => JSON.parse(each.data) as unknown),
      );
    return response;
  }

  private answer(
    turn: ModelTurn,
    answer: ModelAnswer,
    wire: ModelWire,
    ids: ExchangeIds,
    event: ModelExchangeEvent,
    frame: (
      direction: 'in' | 'out',
      detail: Omit<ModelFrameDetail, 'exchange' | 'path' | 'api'>,
      extra?: object,
    ) => TranscriptFrame,
  ): ModelHttpResponse {
    const reply = {
      ...(answer.text !== undefined ? { text: answer.text } : {}),
      ...(answer.toolCalls.length > 0 ? { toolCalls: answer.toolCalls } : {}),
    };
    if (turn.stream) {
      const events = wire.stream(turn, answer, ids);
      event.out = frame('out', { reply, response: events }, { httpStatus: 200 });
      this.announce(event);
      return {
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        events,
      };
    }
    const body = wire.respond(turn, answer, ids);
    event.out = frame('out', { reply, response: body }, { httpStatus: 200 });
    this.announce(event);
    return json(200, body);
  }

  /** A Responses request continuing `previous_response_id` gets that response's calls as history. */
  private withPreviousResponse(turn: ModelTurn): ModelTurn {
    const previous = turn.body.previous_response_id;
    if (turn.api !== 'openai-responses' || typeof previous !== 'string') return turn;
    const calls = this.answers.get(previous) ?? [];
    if (calls.length === 0) return turn;
    return { ...turn, messages: [{ role: 'assistant', calls, results: [], text: '' }, ...turn.messages] };
  }

  private announce(event: ModelExchangeEvent): void {
    if (!this.log.includes(event)) this.log.push(event);
    for (const listener of this.listeners) listener(event);
  }
}

const KNOWN_RULES: ReadonlySet<string> = new Set(PROVIDER_RULES.map((rule) => rule.id));

function toViolation({ code: _code, style: _style, ...violation }: RuleFinding) {
  return violation;
}

function optionalHeaders(headers: Record<string, string> | undefined) {
  return headers ? { headers } : {};
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The provider's complaint about a body that is not a JSON object. */
function unreadableBody(wire: ModelWire, text: string | undefined): RuleFinding {
  const rule = `${wire.family}.request-fields`;
  if (wire.family === 'gemini')
    return {
      rule,
      category: 'request',
      field: '',
      message: 'Invalid JSON payload received. Unexpected token.',
      style: 'payload',
    };
  if (wire.family === 'anthropic')
    return {
      rule,
      category: 'request',
      field: '',
      message: `The request body is not valid JSON${text ? '' : ' (it is empty)'}.`,
    };
  return {
    rule,
    category: 'request',
    field: '',
    message: 'We could not parse the JSON body of your request. The OpenAI API expects a JSON payload.',
    code: null,
  };
}
