import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { EventStream, type StreamEndMode } from '../exchange/event-stream.js';
import { stringifyWithExactIds } from '../exchange/exact-integer-id.js';
import type { TransportKind, WireRequest } from '../exchange/wire-request.js';
import type { WireResponse } from '../exchange/wire-response.js';
import { type CredentialDigest, splitAuthorization } from './credential-digest.js';
import type { Transcript } from './transcript.js';
import type { ClientMistake, Era, FrameDraft, TranscriptFrame } from './transcript-frame.js';

/** Where a frame belongs: era, transport, stream, and who it was for. */
export interface FrameContext {
  era: Era | 'unknown';
  transport: TransportKind;
  streamId: string;
  principal?: string;
  sessionId?: string;
  /** The fault kind distorting this frame, when a fault step hit the exchange. */
  fault?: string;
}

const INBOUND_HEADERS: ReadonlySet<string> = new Set([
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  'accept',
  'content-type',
]);
const OUTBOUND_HEADERS: ReadonlySet<string> = new Set([
  'mcp-session-id',
  'www-authenticate',
  'retry-after',
  'content-type',
  'allow',
]);

/**
 * The protocol-relevant headers, keyed by lower-cased name in name order: HTTP gives them in wire
 * order and fetch (msw) in sorted order, and a transcript must not depend on the transport.
 */
function pickHeaders(
  headers: Record<string, string>,
  names: ReadonlySet<string>,
): Record<string, string> | undefined {
  // Picked first, then sorted (stably, so a name given twice in two cases keeps the later value).
  const kept: Array<[string, string]> = [];
  for (const name in headers) {
    const lower = name.toLowerCase();
    const value = headers[name] as string;
    if (names.has(lower) || lower.startsWith('mcp-param-')) kept.push([lower, value]);
    else if (lower === 'authorization') kept.push([lower, splitAuthorization(value).scheme]);
  }
  if (kept.length === 0) return undefined;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const picked: Record<string, string> = {};
  for (const [name, value] of kept) picked[name] = value;
  return picked;
}

/**
 * The one recorder at the transport/engine seam: every frame in and out goes through it, so
 * transcripts have the same shape on every transport.
 */
export class Recorder {
  /**
   * @param transcript where frames go.
   * @param digest keys the credential of an inbound `authorization` header into the frame's
   *   `credentialDigest` (absent: no digest is recorded).
   */
  constructor(
    readonly transcript: Transcript,
    private readonly digest?: CredentialDigest,
  ) {}

  /** Records a frame received from the client: a parsed message, or the raw text that did not parse. */
  inbound(
    ctx: FrameContext,
    request: WireRequest,
    body: { message?: JSONRPCMessage; raw?: string },
  ): TranscriptFrame {
    const draft = withContext(ctx, { direction: 'in', kind: 'message' });
    if (request.httpMethod) draft.httpMethod = request.httpMethod;
    const headers = pickHeaders(request.headers, INBOUND_HEADERS);
    if (headers !== undefined) draft.headers = headers;
    const authorization = Object.entries(request.headers).find(
      ([name]) => name.toLowerCase() === 'authorization',
    )?.[1];
    const credential = authorization === undefined ? undefined : splitAuthorization(authorization).credential;
    if (credential !== undefined && this.digest) draft.credentialDigest = this.digest(credential);
    return this.transcript.record(Object.assign(draft, body));
  }

  /**
   * Records the server's reply to one request. A stream reply records nothing here: its
   * `stream-open` frame was recorded when the stream was created, its events as they are sent.
   */
  outbound(ctx: FrameContext, response: WireResponse): TranscriptFrame | undefined {
    const reply = response.reply;
    if (reply.kind === 'stream') return undefined;
    // An empty reply (a notification's or a response's 202) exists only on HTTP: on a stdio or
    // in-memory channel the server sends nothing, so there is nothing to record. (Recorded, it
    // would land before or after the next request's answer by how the channel's bytes were
    // chunked, not by anything the client did.)
    if (reply.kind === 'empty' && ctx.transport !== 'http' && ctx.transport !== 'msw') return undefined;
    // Built field by field, in the order the frame's JSON has always had.
    const draft: Record<string, unknown> = withContext(ctx, {
      direction: 'out',
      httpStatus: response.status,
    });
    const headers = pickHeaders(response.headers, OUTBOUND_HEADERS);
    if (headers !== undefined) draft.headers = headers;
    if (reply.kind === 'message') {
      draft.kind = 'message';
      draft.message = reply.message;
    } else if (reply.kind === 'raw') {
      draft.kind = 'message';
      draft.raw = reply.body;
    } else draft.kind = 'http';
    return this.transcript.record(draft as FrameDraft);
  }

  /** Records that a script step was applied. */
  step(stepId: string, note: string): TranscriptFrame {
    return this.transcript.record({
      era: 'unknown',
      transport: 'in-memory',
      streamId: 'world',
      direction: 'server',
      kind: 'step',
      step: stepId,
      note,
    });
  }

  /**
   * Records a server-side fact as evidence (e.g. a notification with no stream to travel on); with
   * `clientMistake`, a mistake of the client's that checks can judge.
   */
  note(note: string, ctx?: Partial<FrameContext>, clientMistake?: ClientMistake): TranscriptFrame {
    return this.transcript.record({
      era: ctx?.era ?? 'unknown',
      transport: ctx?.transport ?? 'in-memory',
      streamId: ctx?.streamId ?? 'world',
      ...optional('sessionId', ctx?.sessionId),
      ...optional('principal', ctx?.principal),
      direction: 'server',
      kind: 'note',
      note,
      ...optional('clientMistake', clientMistake),
    });
  }

  /**
   * Creates a recorded event stream and records its `stream-open` frame (HTTP 200, SSE) at once,
   * so the open precedes the stream's first event in the transcript.
   */
  openStream(ctx: FrameContext): ServerStream {
    this.transcript.record(
      withContext(ctx, {
        direction: 'out',
        kind: 'stream-open',
        httpStatus: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    return new ServerStream(this, ctx);
  }

  /** @internal */
  recordStreamMessage(
    ctx: FrameContext,
    message: JSONRPCMessage | undefined,
    raw: string | undefined,
    eventId?: string,
    fault?: string,
  ) {
    const draft = withContext(ctx, { direction: 'out', kind: 'message' });
    if (message !== undefined) draft.message = message;
    if (raw !== undefined) draft.raw = raw;
    if (eventId !== undefined) draft.sseEventId = eventId;
    if (fault !== undefined) draft.fault = fault;
    this.transcript.record(draft);
  }

  /** @internal */
  recordStreamClose(ctx: FrameContext, closeMode: 'graceful' | 'drop' | 'client') {
    this.transcript.record(
      withContext(ctx, { direction: closeMode === 'client' ? 'in' : 'out', kind: 'stream-close', closeMode }),
    );
  }
}

/** A server-to-client stream whose every event and close is recorded. */
export class ServerStream {
  /** The seam object handed to the transport. */
  readonly stream: EventStream;
  private eventCounter = 0;

  constructor(
    private readonly recorder: Recorder,
    readonly ctx: FrameContext,
  ) {
    this.stream = new EventStream(ctx.streamId);
    this.stream.onDetach(() => recorder.recordStreamClose(ctx, 'client'));
  }

  get streamId(): string {
    return this.ctx.streamId;
  }

  get open(): boolean {
    return this.stream.open;
  }

  /** Number of messages sent so far. */
  get eventCount(): number {
    return this.eventCounter;
  }

  /** Records and writes one JSON-RPC message as an event. Returns false when the stream is closed. */
  send(message: JSONRPCMessage, eventId?: string): boolean {
    if (!this.stream.open) return false;
    this.eventCounter += 1;
    this.recorder.recordStreamMessage(this.ctx, message, undefined, eventId);
    this.stream.write({ data: stringifyWithExactIds(message), ...optional('eventId', eventId) });
    return true;
  }

  /**
   * Records and writes raw event data: a priming event (empty data, optional `retryMs`), or a fault
   * (`fault` names its kind; `unterminated` leaves the event without its closing blank line).
   */
  sendRaw(
    data: string,
    eventId?: string,
    options: { retryMs?: number; unterminated?: boolean; fault?: string } = {},
  ): boolean {
    if (!this.stream.open) return false;
    this.eventCounter += 1;
    this.recorder.recordStreamMessage(this.ctx, undefined, data, eventId, options.fault);
    this.stream.write({
      data,
      ...optional('eventId', eventId),
      ...optional('retryMs', options.retryMs),
      ...(options.unterminated ? { unterminated: true } : {}),
    });
    return true;
  }

  /** Ends the stream from the server side; recorded once. */
  end(mode: StreamEndMode): void {
    if (!this.stream.open) return;
    this.recorder.recordStreamClose(this.ctx, mode);
    this.stream.end(mode);
  }

  /** Called when the client closes the stream. */
  onClientClose(listener: () => void): void {
    this.stream.onDetach(listener);
  }
}

/**
 * A frame draft: the context's fields, then `fields`, as `{ ...ctx, ...fields }` would give. Copied
 * then assigned because V8 (Node 20) takes a slow path, some microseconds, for an object literal
 * that spreads an object and then adds fields it lacks: two of those per request were a large
 * share of a busy server's time.
 */
function withContext(ctx: FrameContext, fields: Partial<FrameDraft>): FrameDraft {
  return Object.assign(Object.assign({}, ctx), fields) as FrameDraft;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
