import type { ServerStream } from '../../transcript/recorder.js';
import type { LegacySession } from '../../world/legacy-session.js';
import { type ListFamily, listChangedMethod } from '../../world/list-kind.js';
import type { Principal } from '../../world/principal.js';
import type { World } from '../../world/world.js';
import type { EraEngine, EraOutcome, EraRequest } from '../era.js';
import { planMethod, simplePlan } from '../method-plan.js';
import { checkMethodScopes } from '../method-scopes.js';
import { answer, idOf, refuse, sseHeaders, success } from '../responses.js';
import { WireErrorCode } from '../wire-error.js';
import { answerInSession } from './answer-in-session.js';
import { initialize, initializeParamsProblem, initializeResult } from './handshake.js';
import { legacyHttpRules } from './http-rules.js';
import { LegacySessions } from './legacy-sessions.js';
import { openLegacyStream, resumeStream } from './legacy-streams.js';
import { LEGACY_METHODS, type LegacyCall } from './methods.js';
import { announceToLegacySessions } from './tools-list-changed.js';

const SESSION_HEADER = 'Mcp-Session-Id';

/**
 * The 2025-11-25 engine: `initialize` → session → `notifications/initialized`; `Mcp-Session-Id` on
 * HTTP (the connection on stdio/in-memory); the standalone GET stream with optional event ids and
 * `Last-Event-ID` replay; requests answered as JSON or on their own SSE stream; DELETE ends a
 * session; idle sessions expire on the logical clock.
 * @see ../shared/spec/mcp-discovery-spec.md §1.5, §4.1, §5.2
 */
export class LegacyEngine implements EraEngine {
  readonly era = 'legacy' as const;
  private readonly sessions: LegacySessions;
  private lastTransport: 'http' | 'stdio' | 'in-memory' | 'msw' = 'http';

  constructor(private readonly world: World) {
    this.sessions = new LegacySessions(world);
  }

  /** True when a connection-oriented channel already initialized a legacy session. */
  hasConnectionSession(connectionId: string | undefined): boolean {
    return this.sessions.hasConnection(connectionId);
  }

  knows(method: string): boolean {
    return method === 'initialize' || Object.hasOwn(LEGACY_METHODS, method);
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
      const problem = initializeParamsProblem(classified.params);
      if (problem) return refuse(legacyHttpRules.invalidInitialize(problem), classified.id);
      const live = this.sessions.liveOf(req);
      if (live) return { ...refuse(legacyHttpRules.alreadyInitialized(), classified.id), sessionId: live.id };
      const { session, result } = initialize(this.world, classified.params, req.principal);
      const connectionId = req.request.connectionId;
      this.sessions.add(session, connectionId);
      let channel: ServerStream | undefined;
      if (connectionId !== undefined) {
        // On stdio/in-memory the connection is the session and its channel carries list_changed (§4.1).
        channel = this.world.recorder.openStream({ ...req.frame, sessionId: session.id });
        session.getStream = channel;
        channel.onClientClose(() => this.expireSession(session.id));
      }
      const outcome = answerInSession(
        this.world,
        req,
        session,
        classified.id,
        simplePlan(() => ({ kind: 'result', result })),
      );
      if (channel) outcome.response.channel = channel.stream;
      else outcome.response.headers = { ...outcome.response.headers, [SESSION_HEADER]: session.id };
      return outcome;
    }

    const found = this.sessions.find(req);
    if (!found.ok) {
      const unknown =
        req.request.connectionId !== undefined &&
        classified.kind === 'request' &&
        !Object.hasOwn(LEGACY_METHODS, classified.method);
      return refuse(
        unknown ? legacyHttpRules.unknownBeforeInitialize(classified.method) : found.refusal,
        idOf(classified),
      );
    }
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
    const call: LegacyCall = {
      world: this.world,
      params: classified.params,
      session,
      principal: req.principal,
    };
    const relayed = this.world.relay?.handlerFor({
      method: classified.method,
      params: classified.params,
      era: 'legacy',
      principal: req.principal,
    });
    const plan = planMethod({
      world: this.world,
      era: 'legacy',
      method: classified.method,
      params: classified.params,
      principal: req.principal,
      handler: relayed ?? (handler ? () => handler(call) : undefined),
      wrapResult: (result) => result,
      note: (text) => this.world.recorder.note(text, { ...req.frame, sessionId: session.id }),
    });
    if (!plan) {
      return {
        ...answer(
          classified.id,
          {
            kind: 'error',
            code: WireErrorCode.MethodNotFound,
            message: `Method not found: ${classified.method}`,
          },
          this.world.settings.jsonRpcErrorStatus,
        ),
        sessionId: session.id,
      };
    }
    const scopeRefusal = plan.scripted
      ? undefined
      : checkMethodScopes(
          this.world,
          classified.method,
          classified.params,
          req.principal,
          req.resourceMetadataUrl,
        );
    if (scopeRefusal && scopeRefusal.kind !== 'stream') {
      return {
        ...answer(classified.id, scopeRefusal, this.world.settings.jsonRpcErrorStatus),
        sessionId: session.id,
      };
    }
    return answerInSession(this.world, req, session, classified.id, plan);
  }

  /**
   * The `version-mismatch` fault: `initialize` is answered with an offered version the client cannot
   * use (no session is created); any other request gets 400.
   */
  versionMismatch(req: EraRequest, supported: readonly string[]): EraOutcome {
    const classified = req.classified;
    if (classified?.kind === 'request' && classified.method === 'initialize') {
      const offered = supported[0] ?? '1900-01-01';
      return {
        response: {
          status: 200,
          headers: {},
          reply: { kind: 'message', message: success(classified.id, initializeResult(this.world, offered)) },
        },
      };
    }
    const requested = req.request.headers['mcp-protocol-version'] ?? 'unknown';
    return refuse(legacyHttpRules.unsupportedVersion(requested), idOf(classified));
  }

  announceToolsChanged(audience?: (principal: Principal) => boolean): void {
    this.announceListChanged('tools', audience);
  }

  /**
   * Sends a family's `notifications/<family>/list_changed` on each session's stream (unless the
   * script turned that family's `listChanged` off, or does not serve the list).
   */
  announceListChanged(family: ListFamily, audience?: (principal: Principal) => boolean): void {
    if (!this.world.listChanged(family)) return;
    if (family !== 'tools' && !this.world.lists.serves(family)) return;
    const notification =
      family === 'tools' ? undefined : { jsonrpc: '2.0' as const, method: listChangedMethod(family) };
    announceToLegacySessions(this.world, this.sessions.values(), this.lastTransport, audience, notification);
  }

  /** Sends `notifications/resources/updated` to each session subscribed to `uri` (on its stream). */
  announceResourceUpdated(uri: string): void {
    const subscribed = [...this.sessions.values()].filter((session) =>
      session.resourceSubscriptions.has(uri),
    );
    const notification = {
      jsonrpc: '2.0' as const,
      method: 'notifications/resources/updated',
      params: { uri },
    };
    announceToLegacySessions(this.world, subscribed, this.lastTransport, undefined, notification);
  }

  /** Sends a notification that is not about tools on each session's stream (routed like `list_changed`). */
  sendNotification(method: string, params: Record<string, unknown> | undefined): void {
    const notification = { jsonrpc: '2.0' as const, method, ...(params ? { params } : {}) };
    announceToLegacySessions(this.world, this.sessions.values(), this.lastTransport, undefined, notification);
  }

  endStreams(kind: 'listen' | 'get' | 'all', mode: 'graceful' | 'drop'): number {
    if (kind === 'listen') return 0;
    let ended = 0;
    for (const session of this.sessions.values()) {
      if (session.getStream?.open) {
        session.getStream.end(mode);
        ended += 1;
      }
    }
    return ended;
  }

  shutdown(mode: 'graceful' | 'drop'): void {
    this.sessions.shutdown(mode);
  }

  openStreamCount(): number {
    let count = 0;
    for (const session of this.sessions.values()) if (session.getStream?.open) count += 1;
    return count;
  }

  /**
   * Ends one session (DELETE, or a script's session expiry), or every session when `sessionId` is
   * omitted; later requests with its id get 404. Returns how many sessions ended.
   */
  expireSession(sessionId?: string, mode: 'graceful' | 'drop' = 'graceful'): number {
    return this.sessions.expire(sessionId, mode);
  }

  /** Expires sessions idle for `server.sessionTtlMs` of logical time; returns how many. */
  expireIdleSessions(nowMs: number): number {
    return this.sessions.expireIdle(nowMs);
  }

  private openGetStream(req: EraRequest): EraOutcome {
    if (this.world.settings.streams.getStream === 'refuse') return refuse(legacyHttpRules.getRefused());
    const found = this.sessions.find(req);
    if (!found.ok) return refuse(found.refusal);
    const acceptRefusal = legacyHttpRules.checkGetAccept(req.request);
    if (acceptRefusal) return { ...refuse(acceptRefusal), sessionId: found.session.id };
    const session = found.session;
    const lastEventId = req.request.headers['last-event-id'];
    const frame = { ...req.frame, sessionId: session.id };
    if (lastEventId !== undefined && this.world.settings.streams.eventIds) {
      const resumed = resumeStream(this.world, session, frame, lastEventId);
      if (resumed) {
        return {
          response: { status: 200, headers: sseHeaders(), reply: { kind: 'stream', stream: resumed.stream } },
          sessionId: session.id,
          streamOpened: { kind: 'get', streamId: resumed.streamId },
        };
      }
    }
    if (session.getStream?.open)
      return { ...refuse(legacyHttpRules.streamConflict()), sessionId: session.id };
    // The GET exchange's own id (`get-<n>`) names the stream it opens.
    const { stream, history } = openLegacyStream(this.world, session, frame, 'get');
    session.getStream = stream;
    if (history) session.getHistory = history;
    return {
      response: { status: 200, headers: sseHeaders(), reply: { kind: 'stream', stream: stream.stream } },
      sessionId: session.id,
      streamOpened: { kind: 'get', streamId: stream.streamId },
    };
  }

  private endSession(req: EraRequest): EraOutcome {
    const found = this.sessions.find(req);
    if (!found.ok) return refuse(found.refusal);
    this.expireSession(found.session.id);
    return { response: { status: 200, headers: {}, reply: { kind: 'empty' } }, sessionId: found.session.id };
  }
}
