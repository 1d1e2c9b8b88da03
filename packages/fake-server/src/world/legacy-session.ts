import type { ServerStream } from '../transcript/recorder.js';
import type { Principal } from './principal.js';
import type { StreamHistory } from './stream-history.js';

/** A POST request's SSE response stream, open while its request is in flight. */
export interface PostStream {
  stream: ServerStream;
  /** Present when event ids are on. */
  history?: StreamHistory;
}

/**
 * A legacy (2025-11-25) session: created by `initialize`, identified by `Mcp-Session-Id` on HTTP
 * (or by the connection on stdio/in-memory), holding the negotiated version, the standalone GET
 * stream that carries `notifications/tools/list_changed`, open POST response streams, and (with
 * event ids on) every stream's history for `Last-Event-ID` replay.
 */
export interface LegacySession {
  id: string;
  protocolVersion: string;
  /** Set once `notifications/initialized` arrived. */
  initialized: boolean;
  clientInfo?: { name?: string; version?: string };
  /** The principal that initialized the session. */
  principal: Principal;
  /** Logical time of the last request, ms (idle expiry). */
  lastSeenMs: number;
  /** The open standalone GET SSE stream, if any. */
  getStream?: ServerStream;
  /** The logical GET stream's history (kept while disconnected, so missed events can be replayed). */
  getHistory?: StreamHistory;
  /** POST response streams currently open, oldest first. */
  postStreams: PostStream[];
  /** Every stream history of the session, by logical stream id. */
  histories: Map<string, StreamHistory>;
  /** Resource URIs the session subscribed to (`resources/subscribe`). */
  resourceSubscriptions: Set<string>;
}
