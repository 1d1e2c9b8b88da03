import type { Era, TranscriptFrame } from '@toolshift/fake-server';

/** The protocol revision each era speaks, for messages (`2025-11-25`, `2026-07-28`). */
export const ERA_REVISION: Readonly<Record<Era, string>> = { legacy: '2025-11-25', modern: '2026-07-28' };

// The `_meta` key every 2026-07-28 request carries (digest §1.1).
const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
// The `_meta` key tagging every message of a listen stream with the listen request's id (digest §4.2).
const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';
// The modern "unsupported protocol version" error (digest §1.3).
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

type Message = {
  id?: unknown;
  method?: string;
  params?: { _meta?: Record<string, unknown>; protocolVersion?: unknown };
  result?: { protocolVersion?: unknown };
  error?: { code?: unknown; message?: unknown };
};
const messageOf = (frame: TranscriptFrame) => frame.message as Message | undefined;

/**
 * One request by which the client tried to speak an era: every `initialize` (legacy), and every
 * 2026-07-28 request (`_meta` protocol version) until the server first accepted one (modern has no
 * handshake: its first accepted request is the negotiation).
 */
export interface EraAttempt {
  /** The era the request belongs to by its content (not by the era the server answered in). */
  era: Era;
  /** Its JSON-RPC method (`initialize`, `server/discover`, `tools/list`, …). */
  method: string;
  /** The revision it asked for: `initialize`'s `protocolVersion`, or the `_meta` protocol version. */
  protocolRevision?: string;
  /** `seq` of the request frame. */
  seq: number;
  /** `accepted`: answered with a result; `refused`: an error or an HTTP error status; `unanswered`: no answer in the transcript. */
  outcome: 'accepted' | 'refused' | 'unanswered';
  /** `seq` of the answer frame. */
  answerSeq?: number;
  /** HTTP status of the answer (stdio and in-memory answers record one too). */
  httpStatus?: number;
  /** JSON-RPC error code of a refusal. */
  errorCode?: number;
  /** JSON-RPC error message of a refusal. */
  errorMessage?: string;
  /** The fault a script step injected into the answer (e.g. `versionMismatch`, `httpStatus`), when one did. */
  fault?: string;
}

/**
 * The era a client negotiated with one server connection, read from the wire: which `initialize`
 * or 2026-07-28 request the server accepted, and what was refused before.
 */
export interface NegotiatedEra {
  /** The era of the last accepted attempt (the one in force at the end); absent when none was accepted. */
  era?: Era;
  /** The revision of that attempt: `initialize`'s answered `protocolVersion`, or the modern `_meta` version. */
  protocolRevision?: string;
  /** Every era the server accepted an attempt in, in order of first acceptance. */
  accepted: Era[];
  /** Set when the client's first attempts were in this era, refused, before the first accepted attempt in the other era. */
  fellBackFrom?: Era;
  attempts: EraAttempt[];
}

/**
 * The era one inbound request belongs to by its content, as the fake server's era detection reads
 * it on a dual-era endpoint (§1.4), but without knowing what the endpoint serves: a legacy session
 * (`Mcp-Session-Id`, or a stdio/in-memory connection that initialized), GET/DELETE and `initialize`
 * are legacy; a `_meta` protocol version or a 2026+ `MCP-Protocol-Version` header is modern.
 * `undefined` for anything else (e.g. a bare `tools/list` with neither).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export function requestEra(
  frame: TranscriptFrame,
  legacyConnections: ReadonlySet<string> = new Set(),
): Era | undefined {
  if (frame.direction !== 'in') return undefined;
  const message = messageOf(frame);
  if (frame.headers?.['mcp-session-id'] !== undefined || legacyConnections.has(frame.streamId))
    return 'legacy';
  if (frame.httpMethod === 'GET' || frame.httpMethod === 'DELETE') return 'legacy';
  if (message?.method === 'initialize') return 'legacy';
  const meta = message?.params?._meta;
  if (meta && typeof meta === 'object' && PROTOCOL_VERSION_META_KEY in meta) return 'modern';
  const header = frame.headers?.['mcp-protocol-version'];
  if (header !== undefined && header >= ERA_REVISION.modern) return 'modern';
  return undefined;
}

/**
 * The server's answer to a request: the next outbound frame on its stream with its id, a bare HTTP
 * answer on its own POST stream, or, for `subscriptions/listen`, the ack (or result) on the listen
 * stream it opened, tagged with the request's id as subscription id (§4.2).
 */
function answerOf(
  frames: readonly TranscriptFrame[],
  from: number,
  request: TranscriptFrame,
): TranscriptFrame | undefined {
  const id = messageOf(request)?.id;
  const ownStream = request.streamId.startsWith('post-');
  const listen = messageOf(request)?.method === 'subscriptions/listen';
  for (let index = from + 1; index < frames.length; index += 1) {
    const frame = frames[index]!;
    if (frame.direction !== 'out') continue;
    const message = messageOf(frame);
    if (listen && frame.streamId.startsWith('listen-') && message) {
      const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
      if (message.id === id || meta?.[SUBSCRIPTION_ID_META_KEY] === id) return frame;
    }
    if (frame.streamId !== request.streamId) continue;
    if (message && message.method === undefined && message.id === id) return frame;
    if (
      ownStream &&
      (frame.kind === 'http' ||
        (frame.kind === 'message' && frame.message === undefined && !isPriming(frame)))
    )
      return frame;
  }
  return undefined;
}

/** A legacy SSE priming event (an id and empty data, 2025-11-25 §5.2): it opens a stream, it answers nothing. */
function isPriming(frame: TranscriptFrame): boolean {
  return frame.raw === '' && frame.sseEventId !== undefined;
}

function attemptOf(frames: readonly TranscriptFrame[], index: number, era: Era): EraAttempt {
  const request = frames[index]!;
  const message = messageOf(request)!;
  const asked =
    era === 'legacy' ? message.params?.protocolVersion : message.params?._meta?.[PROTOCOL_VERSION_META_KEY];
  const answer = answerOf(frames, index, request);
  const attempt: EraAttempt = {
    era,
    method: message.method ?? '(response)',
    ...(typeof asked === 'string' ? { protocolRevision: asked } : {}),
    seq: request.seq,
    outcome: 'unanswered',
  };
  if (!answer) return attempt;
  attempt.answerSeq = answer.seq;
  if (answer.httpStatus !== undefined) attempt.httpStatus = answer.httpStatus;
  if (answer.fault !== undefined) attempt.fault = answer.fault;
  const error = messageOf(answer)?.error;
  if (error) {
    if (typeof error.code === 'number') attempt.errorCode = error.code;
    if (typeof error.message === 'string') attempt.errorMessage = error.message;
  }
  const answered = messageOf(answer);
  // A result, or (for subscriptions/listen) the ack notification on the stream it opened.
  const ok =
    (answered?.result !== undefined || (answered?.method !== undefined && answered.error === undefined)) &&
    (answer.httpStatus ?? 200) < 400;
  attempt.outcome = ok ? 'accepted' : 'refused';
  if (ok && era === 'legacy') {
    const answered = messageOf(answer)?.result?.protocolVersion;
    if (typeof answered === 'string') attempt.protocolRevision = answered;
  }
  return attempt;
}

/**
 * Reads the negotiated era of one connection from its transcript frames (pass
 * `connectionFrames(run, serverId)` when several connections share a transcript). A client that
 * tried one era, was refused and then got the other accepted is recorded with `fellBackFrom`.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 (choosing legacy vs modern), §1.3, §1.5
 */
export function negotiatedEra(frames: readonly TranscriptFrame[]): NegotiatedEra {
  const attempts: EraAttempt[] = [];
  const legacyConnections = new Set<string>();
  let modernAccepted = false;
  frames.forEach((frame, index) => {
    if (frame.direction !== 'in' || frame.kind !== 'message') return;
    const message = messageOf(frame);
    if (message?.method === undefined || message.id === undefined) return;
    const era = message.method === 'initialize' ? 'legacy' : requestEra(frame, legacyConnections);
    if (era === 'legacy' && message.method !== 'initialize') return;
    if (era === 'modern' && modernAccepted) return;
    if (era === undefined) return;
    const attempt = attemptOf(frames, index, era);
    attempts.push(attempt);
    if (attempt.outcome !== 'accepted') return;
    if (era === 'modern') modernAccepted = true;
    else if (!frame.streamId.startsWith('post-')) legacyConnections.add(frame.streamId);
  });
  const acceptedAttempts = attempts.filter((attempt) => attempt.outcome === 'accepted');
  const accepted = [...new Set(acceptedAttempts.map((attempt) => attempt.era))];
  const last = acceptedAttempts.at(-1);
  const first = acceptedAttempts[0];
  const before = first ? attempts.slice(0, attempts.indexOf(first)) : [];
  const fellBackFrom =
    first &&
    before.length > 0 &&
    before.every((attempt) => attempt.era !== first.era && attempt.outcome === 'refused')
      ? before[0]!.era
      : undefined;
  return {
    ...(last ? { era: last.era } : {}),
    ...(last?.protocolRevision !== undefined ? { protocolRevision: last.protocolRevision } : {}),
    accepted,
    ...(fellBackFrom ? { fellBackFrom } : {}),
    attempts,
  };
}

/** One attempt for messages: `server/discover (#3, answered 400 -32600 "Bad Request: …")`. */
export function describeAttempt(attempt: EraAttempt): string {
  let answer: string;
  if (attempt.outcome === 'unanswered') answer = 'never answered';
  else {
    const parts = [attempt.httpStatus !== undefined ? `answered ${attempt.httpStatus}` : 'answered'];
    if (attempt.outcome === 'accepted') parts.push('with a result');
    if (attempt.errorCode !== undefined) parts.push(String(attempt.errorCode));
    if (attempt.errorMessage !== undefined) parts.push(JSON.stringify(attempt.errorMessage));
    if (attempt.fault !== undefined) parts.push(`(injected fault ${attempt.fault})`);
    answer = parts.join(' ');
  }
  return `${attempt.method} (#${attempt.seq}, ${answer})`;
}

/**
 * The eras an endpoint serves, inferred from a transcript of the fake server when not known
 * otherwise: an era is not served when a request of that era was handled by the other era's engine
 * (its frame's `era` differs from its content's). `undefined` when nothing shows either way.
 */
export function inferEndpointEras(frames: readonly TranscriptFrame[]): Era[] | undefined {
  const handled = new Set<Era>();
  const unserved = new Set<Era>();
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.era === 'unknown') continue;
    handled.add(frame.era);
    const era = requestEra(frame);
    if (era !== undefined && era !== frame.era) unserved.add(era);
  }
  if (unserved.size === 0) return undefined;
  return [...handled].filter((era) => !unserved.has(era));
}

/** HTTP statuses that refuse the credentials, not the era: an endpoint behind authorization answers them to any request. */
const AUTHORIZATION_STATUSES: ReadonlySet<number> = new Set([401, 403]);

/**
 * Whether a refusal is about the era or revision the client chose (a request of an era the endpoint
 * does not serve, or -32022); a refusal a script's fault injected is the scenario's doing, not one,
 * and neither is an authorization challenge (HTTP 401 or 403): an endpoint that wants credentials
 * answers so to a request of any era, and a client told "requires authorization" rightly stops
 * before it can learn the era (issue 26).
 */
export function refusedForEra(attempt: EraAttempt, endpointEras: readonly Era[]): boolean {
  return (
    attempt.outcome === 'refused' &&
    attempt.fault === undefined &&
    !AUTHORIZATION_STATUSES.has(attempt.httpStatus ?? 0) &&
    (!endpointEras.includes(attempt.era) || attempt.errorCode === UNSUPPORTED_PROTOCOL_VERSION)
  );
}

/** `legacy-only`, `modern-only` or `dual-era`, for messages. */
export function describeEndpoint(endpointEras: readonly Era[]): string {
  if (endpointEras.length === 1) return `${endpointEras[0]}-only`;
  return 'dual-era';
}
