import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** What one message sent upstream got back. */
export interface UpstreamReply {
  /** HTTP status; `undefined` on stdio. */
  status: number | undefined;
  /** Response headers, names lower-cased (HTTP); empty on stdio. */
  headers: Record<string, string>;
  /** Messages that came before the answer on the same SSE response (notifications, server requests). */
  before: JSONRPCMessage[];
  /** The JSON-RPC response to the request; `undefined` for a notification, an empty body or one that is not JSON-RPC. */
  answer: JSONRPCMessage | undefined;
  /** The body as text when it was not a JSON-RPC message (an HTML error page, a bare status). */
  raw?: string;
  /** The exact JSON text of a JSON (not SSE) answer, for cheap "unchanged" checks. */
  text?: string;
}

/** Options of one exchange with the upstream. */
export interface UpstreamSendOptions {
  /** HTTP: the legacy `Mcp-Session-Id` to send. */
  sessionId?: string;
  /** HTTP: headers to send with it (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). */
  headers?: Record<string, string>;
  /** Give up after this many ms of wall time (default 30000): the reply rejects with {@link UpstreamError}. */
  timeoutMs?: number;
  /**
   * An earlier answer: when the new JSON body is the same text, its parsed answer is reused rather
   * than parsed again (the proxy re-reads a large unchanged tool list this way).
   */
  sameAs?: { text: string; answer: JSONRPCMessage };
}

/** A long-lived stream opened on the upstream (legacy GET stream, or a modern `subscriptions/listen`). */
export interface UpstreamStream {
  /** Resolves when the stream ended (either side). */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * One channel to a real MCP server: over HTTP, requests to its endpoint (sessions travel in
 * `Mcp-Session-Id`); over stdio, one server process (the process is the legacy session; request
 * ids are renumbered so several callers can share it). Channels move frames only: they never
 * decide an era or read a method name beyond matching answers to requests.
 */
export interface UpstreamChannel {
  readonly kind: 'http' | 'stdio';
  /**
   * Sends one message. A request resolves with its answer (and whatever came before it on the
   * same stream); a notification or response resolves once the upstream accepted it.
   * @throws {UpstreamError} when the upstream cannot be reached, closes first, or times out.
   */
  send(message: JSONRPCMessage, options?: UpstreamSendOptions): Promise<UpstreamReply>;
  /**
   * Opens a long-lived stream: `get` (legacy HTTP standalone SSE stream; on stdio the channel
   * itself), or a `subscriptions/listen` request. Every message on it goes to `onMessage`.
   * @throws {UpstreamError} when the upstream refuses it (the error's `reply` says how).
   */
  openStream(
    open: 'get' | JSONRPCMessage,
    options: UpstreamSendOptions,
    onMessage: (message: JSONRPCMessage) => void,
  ): Promise<UpstreamStream>;
  /**
   * Ends a legacy session on this channel: HTTP sends DELETE with its id (a refusal is ignored);
   * stdio ends the process (it is the session). Never rejects.
   */
  endSession(sessionId: string | undefined, protocolVersion: string): Promise<void>;
  /** Ends the channel (stdio: the process's group is terminated). Idempotent. */
  close(): Promise<void>;
}

/** The upstream could not answer: unreachable, closed, timed out, or it refused a stream. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /** What the upstream answered, when it answered at all. */
    readonly reply?: UpstreamReply,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The id of a JSON-RPC request or response message, or `undefined`. */
export function messageId(message: JSONRPCMessage): string | number | undefined {
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** True for a JSON-RPC response (a result or an error, no method). */
export function isResponse(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}
