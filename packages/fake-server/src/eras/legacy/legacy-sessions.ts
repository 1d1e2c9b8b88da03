import type { LegacySession } from '../../world/legacy-session.js';
import type { World } from '../../world/world.js';
import type { EraRequest } from '../era.js';
import type { HttpRefusal } from '../responses.js';
import { legacyHttpRules } from './http-rules.js';

/**
 * The live 2025-11-25 sessions of one server: by `Mcp-Session-Id` on HTTP, by connection on
 * stdio/in-memory (the connection is the session). Finding a session touches it (`lastSeenMs`)
 * and first expires those idle for `server.sessionTtlMs` of logical time.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2
 */
export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();
  private readonly byConnection = new Map<string, string>();

  constructor(private readonly world: World) {}

  /** Adds a new session (bound to `connectionId` on a connection-oriented channel). */
  add(session: LegacySession, connectionId: string | undefined): void {
    this.sessions.set(session.id, session);
    if (connectionId !== undefined) this.byConnection.set(connectionId, session.id);
  }

  /** True when a connection-oriented channel already initialized a session. */
  hasConnection(connectionId: string | undefined): boolean {
    return connectionId !== undefined && this.byConnection.has(connectionId);
  }

  /** Every live session, in the order they were created. */
  values(): IterableIterator<LegacySession> {
    return this.sessions.values();
  }

  /**
   * The live session a new `initialize` would replace: the connection's session on stdio/in-memory,
   * or the one named by `Mcp-Session-Id` on HTTP (an unknown or ended id names none: the client is
   * starting over, §5.2).
   */
  liveOf(req: EraRequest): LegacySession | undefined {
    const id =
      req.request.connectionId !== undefined
        ? this.byConnection.get(req.request.connectionId)
        : req.request.headers['mcp-session-id'];
    if (id === undefined || !legacyHttpRules.isVisibleAscii(id)) return undefined;
    this.expireIdle(this.world.clock.now());
    return this.sessions.get(id);
  }

  /** The session a request belongs to, touched; or the refusal its missing, malformed or unknown id gets. */
  find(req: EraRequest): { ok: true; session: LegacySession } | { ok: false; refusal: HttpRefusal } {
    const id =
      req.request.connectionId !== undefined
        ? this.byConnection.get(req.request.connectionId)
        : req.request.headers['mcp-session-id'];
    if (id === undefined) {
      return {
        ok: false,
        refusal:
          req.request.connectionId !== undefined
            ? legacyHttpRules.notInitialized()
            : legacyHttpRules.missingSession(),
      };
    }
    if (req.request.connectionId === undefined && !legacyHttpRules.isVisibleAscii(id))
      return { ok: false, refusal: legacyHttpRules.invalidSessionId() };
    const now = this.world.clock.now();
    this.expireIdle(now);
    const session = this.sessions.get(id);
    if (!session) return { ok: false, refusal: legacyHttpRules.unknownSession() };
    session.lastSeenMs = now;
    return { ok: true, session };
  }

  /**
   * Ends one session (its GET and POST streams too), or every session when `sessionId` is omitted;
   * later requests with its id get 404. Returns how many sessions ended.
   */
  expire(sessionId: string | undefined, mode: 'graceful' | 'drop'): number {
    const ids = sessionId === undefined ? [...this.sessions.keys()] : [sessionId];
    let ended = 0;
    for (const id of ids) {
      const session = this.sessions.get(id);
      if (!session) continue;
      session.getStream?.end(mode);
      for (const post of session.postStreams) post.stream.end(mode);
      this.sessions.delete(id);
      for (const [connection, bound] of this.byConnection)
        if (bound === id) this.byConnection.delete(connection);
      ended += 1;
    }
    return ended;
  }

  /** Expires sessions idle for `server.sessionTtlMs` of logical time; returns how many. */
  expireIdle(nowMs: number): number {
    const ttl = this.world.settings.sessionTtlMs;
    if (ttl === undefined) return 0;
    let ended = 0;
    for (const session of [...this.sessions.values()]) {
      if (nowMs - session.lastSeenMs >= ttl) ended += this.expire(session.id, 'graceful');
    }
    return ended;
  }

  /** Ends every stream of every session and forgets them all. */
  shutdown(mode: 'graceful' | 'drop'): void {
    for (const session of this.sessions.values()) {
      session.getStream?.end(mode);
      for (const post of session.postStreams) post.stream.end(mode);
    }
    this.sessions.clear();
    this.byConnection.clear();
  }
}
