import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { TransportKind } from '../exchange/wire-request.js';
import type { ModelFrameDetail } from './model-frame.js';

/** A protocol era: `legacy` is 2025-11-25 (`initialize`), `modern` is 2026-07-28 (`server/discover`). */
export type Era = 'legacy' | 'modern';

/**
 * What a transcript frame records:
 * - `message`: a JSON-RPC message (or unparseable text in `raw`) in or out;
 * - `http`: an HTTP response with no JSON-RPC body (202, 405, a bare 404);
 * - `stream-open` / `stream-close`: an event stream's life;
 * - `step`: a script step the server applied (`step` holds its id, `note` what it did);
 * - `note`: a server-side fact worth evidence, e.g. a notification that had no stream to go on;
 * - `model`: an exchange with the fake model provider next to the server (`in`: the host's model
 *   request, `out`: the provider's answer), its detail in `model`.
 */
export type FrameKind = 'message' | 'http' | 'stream-open' | 'stream-close' | 'step' | 'note' | 'model';

/**
 * A client mistake the server noticed, recorded on a `note` frame (its `note` says what was asked)
 * so that checks can judge it without reading prose:
 * - `oauth-wrong-resource`: the client asked the authorization server for a code or token for a
 *   resource other than this server (RFC 8707 `resource`); answered `invalid_target`;
 * - `oauth-no-resource`: it asked without naming the resource (MCP clients MUST send `resource` in
 *   authorization and token requests); served;
 * - `oauth-code-reused`: it redeemed an authorization code a second time (RFC 6749 §4.1.2: the
 *   client MUST NOT); refused, and every token issued from the code revoked.
 */
export type ClientMistake = 'oauth-wrong-resource' | 'oauth-no-resource' | 'oauth-code-reused';

/** Who produced a frame: the client (`in`), the server on the wire (`out`), or the server's world (`server`). */
export type FrameDirection = 'in' | 'out' | 'server';

/**
 * One entry of a transcript. Frames are totally ordered by `seq`; two runs of the same script and
 * seed with the same client produce the same frames apart from `wallTimeMs`.
 */
export interface TranscriptFrame {
  /** Logical sequence number: 1-based, gap-free, in recording order. */
  seq: number;
  /** Logical clock (ms) when recorded; advanced only by the script or the test, never by wall time. */
  tick: number;
  direction: FrameDirection;
  kind: FrameKind;
  /** The era the frame belongs to; `unknown` when the server could not tell (e.g. unparseable input). */
  era: Era | 'unknown';
  transport: TransportKind;
  /**
   * The stream the frame travelled on: `post-<n>` for one HTTP request/response exchange,
   * `get-<n>` for a legacy standalone SSE stream, `listen-<n>` for a modern subscription stream,
   * `conn-<n>` for a stdio/in-memory connection, `world` for `step`/`note` frames, `auth` for the
   * fake authorization server's notes.
   */
  streamId: string;
  /** The catalog revision (fake server's integer) when the frame was recorded. */
  catalogRevision: number;
  /** The principal the request was made as (from its bearer token), or `anonymous`. */
  principal?: string;
  /** Legacy `Mcp-Session-Id` in force for this frame. */
  sessionId?: string;
  /** HTTP method of an inbound HTTP frame. */
  httpMethod?: string;
  /** HTTP status of an outbound HTTP response. */
  httpStatus?: number;
  /** Protocol-relevant headers (lower-cased names); `authorization` is reduced to its scheme. */
  headers?: Record<string, string>;
  /**
   * The credential of an inbound `authorization` header (after its scheme), as a salted digest
   * (`hmac-sha256:<32 hex>`, keyed per transcript by a random key the transcript never holds), never
   * the secret: two requests with the same token carry the same digest; compare an expected token
   * with `FakeServer.credentialDigest(token)`. Ignored when comparing transcripts (like `wallTimeMs`).
   */
  credentialDigest?: string;
  /** The JSON-RPC message, when the frame carried a parseable one. */
  message?: JSONRPCMessage;
  /** The raw text, when it did not parse as JSON-RPC (or was deliberately broken by a fault). */
  raw?: string;
  /** SSE `id:` of an outbound stream event. */
  sseEventId?: string;
  /** How a stream closed (`stream-close` frames): server `graceful` end, server `drop`, or `client` close. */
  closeMode?: 'graceful' | 'drop' | 'client';
  /** Script step id (`step` frames) or trigger source. */
  step?: string;
  /** Human-readable detail for `step` and `note` frames. */
  note?: string;
  /** On a `note` frame: the client mistake it records (see {@link ClientMistake}). */
  clientMistake?: ClientMistake;
  /** The fault kind that distorted this frame (see `Fault`), when a fault step hit the exchange. */
  fault?: string;
  /** `model` frames: what the host asked the fake model provider, or what it answered. */
  model?: ModelFrameDetail;
  /** Wall-clock time (ms since epoch); ignored when comparing transcripts. */
  wallTimeMs?: number;
}

/** A frame before the recorder stamps `seq`, `tick`, `catalogRevision` and `wallTimeMs`. */
export type FrameDraft = Omit<TranscriptFrame, 'seq' | 'tick' | 'catalogRevision' | 'wallTimeMs'> & {
  catalogRevision?: number;
};
