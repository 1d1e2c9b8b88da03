import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { EventStream } from './event-stream.js';

/** The body of a {@link WireResponse}. */
export type WireReply =
  /** No body (HTTP 202 for an accepted notification, or an error status without a JSON-RPC body). */
  | { kind: 'empty' }
  /** One JSON-RPC message, sent as `application/json`. */
  | { kind: 'message'; message: JSONRPCMessage }
  /** Raw text with its content type (faults: malformed JSON, plain-text error pages). */
  | { kind: 'raw'; contentType: string; body: string }
  /** A `text/event-stream` response whose events the server writes over time. */
  | { kind: 'stream'; stream: EventStream };

/**
 * What the server hands back to a transport for one {@link WireRequest}. The era engine chose the
 * status and headers; the transport only carries them out (stdio and in-memory ignore `status`).
 */
export interface WireResponse {
  /** HTTP status code. */
  status: number;
  /** Response headers to set (names as they should appear). */
  headers: Record<string, string>;
  reply: WireReply;
  /**
   * A stream that outlives this exchange and carries unsolicited server messages for the rest of the
   * connection: a legacy session on stdio or in-memory, where the connection is the session (§4.1).
   * Only set for a request with a `connectionId`; the transport interleaves its events with later
   * replies on the same channel and detaches it when the connection closes. HTTP never gets one.
   */
  channel?: EventStream;
}
