import type { ServerStream } from '../transcript/recorder.js';

/**
 * A legacy (2025-11-25) session: created by `initialize`, identified by `Mcp-Session-Id` on HTTP
 * (or by the connection on stdio/in-memory), holding the negotiated version and the standalone GET
 * stream that carries `notifications/tools/list_changed`.
 */
export interface LegacySession {
  id: string;
  protocolVersion: string;
  /** Set once `notifications/initialized` arrived. */
  initialized: boolean;
  clientInfo?: { name?: string; version?: string };
  principal: string;
  /** The open standalone GET SSE stream, if any. */
  getStream?: ServerStream;
}
