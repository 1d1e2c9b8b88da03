import type { ServerStream } from '../../transcript/recorder.js';
import type { LegacySession } from '../../world/legacy-session.js';
import type { World } from '../../world/world.js';
import type { EraEngine, EraOutcome, EraRequest } from '../era.js';
import type { HandlerResult } from '../method-handler.js';
import { type HttpRefusal, idOf, refuse, sseHeaders, success } from '../responses.js';
import { WireErrorCode, wireError } from '../wire-error.js';
import { initialize } from './handshake.js';
import { legacyHttpRules } from './http-rules.js';
import { LEGACY_METHODS } from './methods.js';
import { announceToLegacySessions } from './tools-list-changed.js';

const SESSION_HEADER = 'Mcp-Session-Id';

/**
 * The 2025-11-25 engine: `initialize` → session → `notifications/initialized`; `Mcp-Session-Id` on
 * HTTP (the connection on stdio/in-memory); the standalone GET stream; DELETE ends a session.
 * @see ../shared/spec/mcp-discovery-spec.md §1.5, §4.1, §5.2
 */
export class LegacyEngine implements EraEngine {
  readonly era = 'legacy' as const;
  private readonly sessions = new Map<string, LegacySession>();
  private readonly byConnection = new Map<string, string>();
  private lastTransport: 'http' | 'stdio' | 'in-memory' | 'msw' = 'http';

  constructor(private readonly world: World) {}

  /** True when a connection-oriented channel already initialized a legacy session. */
  hasConnectionSession(connectionId: string | undefined): boolean {
    return connectionId !== undefined && this.byConnection.has(connectionId);
  }

  /** The live sessions (read-only view for the admin API and tests). */
  liveSessions(): LegacySession[] {
    return [...this.sessions.values()];
  }

  handle(req: EraRequest): EraOutcome {
    this.lastTransport = req.request.transport;
    const method = req.request.httpMethod ?? 'POST';
    if (method === 'GET') return this.openGetStream(req);
    if (method === 'DELETE') return this.endSession(req);
    if (method !== 'POST') return refuse(legacyHttpRules.methodNotAllowed(), idOf(req.classified));

    const bodyRefusal = legacyHttpRules.checkPostBody(req.request);
    if (bodyRefusal) return refuse(bodyRefusal, idOf(req.classified));
    const classified = req.classified;
    if (!classified)
      return refuse({ status: 400, code: WireErrorCode.InvalidRequest, message: 'Empty body' });

    if (classified.kind === 'request' && classified.method === 'initialize') {
      const { session, result } = initialize(this.world, classified.params, req.principal);
      this.sessions.set(session.id, session);
      const connectionId = req.request.connectionId;
      const headers: Record<string, string> = {};
      let channel: ServerStream | undefined;
      if (connectionId === undefined) {
        headers[SESSION_HEADER] = session.id;
      } else {
        // On stdio/in-memory the connection is the session and its channel carries list_changed (§4.1).
        const previous = this.byConnection.get(connectionId);
        if (previous !== undefined) this.expireSession(previous);
        this.byConnection.set(connectionId, session.id);
        channel = this.world.recorder.openStream({ ...req.frame, sessionId: session.id });
        session.getStream = channel;
        channel.onClientClose(() => this.expireSession(session.id));
      }
      return {
        response: {
          status: 200,
          headers,
          reply: { kind: 'message', message: success(classified.id, result) },
          ...(channel ? { channel: channel.stream } : {}),
        },
        sessionId: session.id,
      };
    }

    const found = this.findSession(req);
    if (!found.ok) return refuse(found.refusal, idOf(classified));
    const session = found.session;
    const versionRefusal = legacyHttpRules.checkVersionHeader(req.request, session.protocolVersion);
    if (versionRefusal) return { ...refuse(versionRefusal, idOf(classified)), sessionId: session.id };

    if (classified.kind === 'notification') {
      if (classified.method === 'notifications/initialized') session.initialized = true;
      return { response: { status: 202, headers: {}, reply: { kind: 'empty' } }, sessionId: session.id };
    }
    if (classified.kind === 'response') {
      return { response: { status: 202, headers: {}, reply: { kind: 'empty' } }, sessionId: session.id };
    }
    // Own keys only: a method named `__proto__` or `constructor` is unknown, not Object.prototype.
    const handler = Object.hasOwn(LEGACY_METHODS, classified.method)
      ? LEGACY_METHODS[classified.method]
      : undefined;
    const outcome: HandlerResult = handler
      ? handler(this.world, classified.params, session)
      : {
          kind: 'error',
          code: WireErrorCode.MethodNotFound,
          message: `Method not found: ${classified.method}`,
        };
    return { ...this.toResponse(classified.id, outcome), sessionId: session.id };
  }

  announceToolsChanged(): void {
    if (!this.world.settings.toolsListChanged) return;
    announceToLegacySessions(this.sessions.values(), this.world.recorder, this.lastTransport);
  }

  shutdown(mode: 'graceful' | 'drop'): void {
    for (const session of this.sessions.values()) session.getStream?.end(mode);
    this.sessions.clear();
    this.byConnection.clear();
  }

  openStreamCount(): number {
    let count = 0;
    for (const session of this.sessions.values()) if (session.getStream?.open) count += 1;
    return count;
  }

  /** Ends one session (DELETE, or a script's session expiry); later requests with its id get 404. */
  expireSession(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.getStream?.end('graceful');
    this.sessions.delete(sessionId);
    for (const [connection, id] of this.byConnection)
      if (id === sessionId) this.byConnection.delete(connection);
    return true;
  }

  private findSession(
    req: EraRequest,
  ): { ok: true; session: LegacySession } | { ok: false; refusal: HttpRefusal } {
    const id =
      req.request.connectionId !== undefined
        ? this.byConnection.get(req.request.connectionId)
        : req.request.headers['mcp-session-id'];
    if (id === undefined) {
      if (req.request.connectionId !== undefined) {
        return {
          ok: false,
          refusal: { status: 400, code: WireErrorCode.InvalidRequest, message: 'Server not initialized' },
        };
      }
      return { ok: false, refusal: legacyHttpRules.missingSession() };
    }
    const session = this.sessions.get(id);
    return session ? { ok: true, session } : { ok: false, refusal: legacyHttpRules.unknownSession() };
  }

  private openGetStream(req: EraRequest): EraOutcome {
    const found = this.findSession(req);
    if (!found.ok) return refuse(found.refusal);
    const acceptRefusal = legacyHttpRules.checkGetAccept(req.request);
    if (acceptRefusal) return { ...refuse(acceptRefusal), sessionId: found.session.id };
    const session = found.session;
    if (session.getStream?.open)
      return { ...refuse(legacyHttpRules.streamConflict()), sessionId: session.id };
    // The GET exchange's own id (`get-<n>`) names the stream it opens.
    const stream = this.world.recorder.openStream({ ...req.frame, sessionId: session.id });
    session.getStream = stream;
    return {
      response: { status: 200, headers: sseHeaders(), reply: { kind: 'stream', stream: stream.stream } },
      sessionId: session.id,
      streamOpened: { kind: 'get', streamId: stream.streamId },
    };
  }

  private endSession(req: EraRequest): EraOutcome {
    const found = this.findSession(req);
    if (!found.ok) return refuse(found.refusal);
    this.expireSession(found.session.id);
    return { response: { status: 200, headers: {}, reply: { kind: 'empty' } }, sessionId: found.session.id };
  }

  private toResponse(id: string | number, outcome: HandlerResult): EraOutcome {
    if (outcome.kind === 'result') {
      return {
        response: {
          status: 200,
          headers: {},
          reply: { kind: 'message', message: success(id, outcome.result) },
        },
        ...(outcome.pageServed !== undefined ? { pageServed: outcome.pageServed } : {}),
      };
    }
    if (outcome.kind === 'error') {
      return {
        response: {
          status: outcome.httpStatus ?? legacyHttpRules.errorStatus,
          headers: {},
          reply: { kind: 'message', message: wireError(id, outcome.code, outcome.message, outcome.data) },
        },
      };
    }
    return {
      response: {
        status: 200,
        headers: sseHeaders(),
        reply: { kind: 'stream', stream: outcome.stream.stream },
      },
      streamOpened: { kind: outcome.streamKind, streamId: outcome.stream.streamId },
    };
  }
}
