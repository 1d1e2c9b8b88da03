import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { RelayRequest } from '../eras/method-relay.js';
import { WireErrorCode, wireError } from '../eras/wire-error.js';
import type { WireRequest } from '../exchange/wire-request.js';
import type { Exchange } from '../request-path/exchange.js';
import type { RequestStage } from '../request-path/request-stage.js';
import type { ServerParts } from '../request-path/server-parts.js';
import type { UpstreamStage } from '../request-path/upstream-stage.js';
import type { CatalogMirror } from './catalog-mirror.js';
import { UpstreamError, type UpstreamReply } from './upstream-channel.js';
import type { UpstreamLink } from './upstream-link.js';
import { createUpstreamRelay } from './upstream-relay.js';
import type { UpstreamSessions } from './upstream-sessions.js';

/** HTTP status of an answer the upstream could not give (unreachable, closed, timed out, not JSON-RPC). */
const BAD_GATEWAY = 502;

/**
 * The proxy's stage on the fake server's request path. In the accept half, once the request is
 * recorded, page 1 of a `tools/list` reads the upstream's list again when the upstream cannot
 * announce a change (no `listChanged`, or its change stream is down) (the view is rebuilt when it changed, so a listing
 * never serves a catalog older than the request). After it: a legacy `initialize` the world
 * accepted opens the client's own upstream session (the upstream's refusal, or its negotiated
 * revision, is what the client gets); a relayed request is sent upstream (a modern one with the
 * client's `_meta` and headers, a legacy one on the client's upstream session) and the upstream's
 * answer replaces the placeholder, keeping the client's request id; a DELETE ends the upstream
 * session too. Faults, holds and the transcript then apply to that answer as to any other.
 */
export class ProxyUpstreamStage implements UpstreamStage {
  /**
   * @param watched true while the upstream can announce a change right away (its change stream is
   *   open): listings are then served from the mirror, which each announcement refreshes.
   */
  constructor(
    private readonly link: UpstreamLink,
    private readonly mirror: CatalogMirror,
    private readonly sessions: UpstreamSessions,
    private readonly watched: () => boolean = () => false,
  ) {}

  attach(parts: ServerParts): void {
    this.mirror.attach(parts);
    parts.world.relay = createUpstreamRelay(parts.world, this.mirror);
  }

  /**
   * Before page 1 of a listing is served, the upstream's list is read again (see {@link
   * CatalogMirror.refresh}), unless the upstream's change stream is open: then the mirror is as
   * current as the upstream's own announcements.
   */
  readonly acceptStage: RequestStage = {
    name: 'upstream-refresh',
    run: (exchange) => {
      const classified = exchange.classified;
      if (classified?.kind !== 'request' || classified.method !== 'tools/list') return 'next';
      if (classified.params?.cursor !== undefined || this.watched()) return 'next';
      return this.mirror.refresh().then(() => 'next' as const);
    },
  };

  async after(exchange: Exchange, parts: ServerParts): Promise<void> {
    try {
      const { classified, outcome, request } = exchange;
      if (request.httpMethod === 'DELETE' && outcome?.sessionId && (exchange.response?.status ?? 500) < 300) {
        await this.sessions.end(outcome.sessionId);
        return;
      }
      if (classified?.kind !== 'request') return;
      if (classified.method === 'initialize' && exchange.frame.era === 'legacy' && outcome?.sessionId) {
        if (answerOf(exchange)?.result !== undefined)
          await this.initialize(exchange, parts, outcome.sessionId);
        return;
      }
      if (outcome?.relay) await this.forward(exchange, parts, outcome.relay);
    } catch (error) {
      const message =
        error instanceof UpstreamError ? error.message : `proxy error: ${(error as Error).message}`;
      parts.recorder.note(`upstream: ${message}`, exchange.frame);
      replaceAnswer(exchange, gatewayError(exchange, message), BAD_GATEWAY);
    }
  }

  private async initialize(exchange: Exchange, parts: ServerParts, downstreamId: string): Promise<void> {
    const params = exchange.classified?.kind === 'request' ? exchange.classified.params : undefined;
    const live = new Set(parts.engines.legacy.liveSessions().map((session) => session.id));
    await this.sessions.prune(live);
    let opened: Awaited<ReturnType<UpstreamSessions['open']>>;
    try {
      opened = await this.sessions.open(downstreamId, params);
    } catch (error) {
      parts.engines.legacy.expireSession(downstreamId, 'drop');
      throw error;
    }
    if (!opened.ok) {
      // The upstream refused the client: so does the proxy (its session is not kept).
      parts.engines.legacy.expireSession(downstreamId, 'drop');
      this.pass(exchange, parts, opened.reply, 'legacy');
      return;
    }
    const version = opened.session.protocolVersion;
    const answer = answerOf(exchange);
    if (answer?.result) answer.result = { ...answer.result, protocolVersion: version };
    const session = parts.engines.legacy.liveSessions().find((candidate) => candidate.id === downstreamId);
    if (session) session.protocolVersion = version;
  }

  private async forward(exchange: Exchange, parts: ServerParts, relay: RelayRequest): Promise<void> {
    const classified = exchange.classified;
    if (classified?.kind !== 'request') return;
    const message = {
      jsonrpc: '2.0',
      id: classified.id,
      method: relay.method,
      ...(relay.params !== undefined ? { params: relay.params } : {}),
    } as JSONRPCMessage;
    if (relay.era === 'modern') {
      const reply = await this.link.shared().send(message, {
        headers: modernHeaders(exchange.request, relay),
      });
      this.pass(exchange, parts, reply, 'modern');
      return;
    }
    const downstreamId = exchange.outcome?.sessionId;
    let session = downstreamId !== undefined ? this.sessions.get(downstreamId) : undefined;
    if (!session || downstreamId === undefined)
      throw new UpstreamError(
        'the client has no upstream session (it initialized before the proxy restarted)',
      );
    let reply = await session.channel.send(message, this.link.legacyOptions(session));
    if (reply.status === 404) {
      parts.recorder.note(
        'upstream: the upstream forgot the session (404); initializing it again',
        exchange.frame,
      );
      session = await this.sessions.reopen(downstreamId);
      if (!session) throw new UpstreamError('the upstream refused to initialize the session again');
      reply = await session.channel.send(message, this.link.legacyOptions(session));
    }
    this.pass(exchange, parts, reply, 'legacy');
  }

  /** Puts the upstream's answer in the exchange (the client's request id kept). */
  private pass(exchange: Exchange, parts: ServerParts, reply: UpstreamReply, era: 'legacy' | 'modern'): void {
    const id = exchange.classified?.kind === 'request' ? exchange.classified.id : undefined;
    const answer = reply.answer as
      | ({ result?: unknown; error?: { code?: unknown } } & JSONRPCMessage)
      | undefined;
    if (!answer || (answer.result === undefined && answer.error === undefined)) {
      const what = reply.status !== undefined ? `HTTP ${reply.status}` : 'its channel closed';
      const message = `the upstream gave no JSON-RPC answer (${what}${reply.raw ? `: ${reply.raw.slice(0, 200)}` : ''})`;
      parts.recorder.note(`upstream: ${message}`, exchange.frame);
      replaceAnswer(exchange, gatewayError(exchange, message), BAD_GATEWAY, reply.before);
      return;
    }
    const message = { ...answer, id } as JSONRPCMessage;
    let status = 200;
    if (answer.error !== undefined) {
      if (reply.status !== undefined && reply.status >= 400) status = reply.status;
      else if (answer.error.code === WireErrorCode.MethodNotFound && era === 'modern') status = 404;
      else if (reply.status === undefined) status = parts.world.settings.jsonRpcErrorStatus;
    }
    replaceAnswer(exchange, message, status, reply.before);
  }
}

/** The JSON-RPC answer an exchange carries now (its JSON body, or the message due on its SSE stream). */
function answerOf(exchange: Exchange): { result?: Record<string, unknown> } | undefined {
  const deferred = exchange.outcome?.deferred;
  if (deferred) return deferred.message as { result?: Record<string, unknown> };
  const reply = exchange.response?.reply;
  return reply?.kind === 'message' ? (reply.message as { result?: Record<string, unknown> }) : undefined;
}

/** Replaces an exchange's answer: its JSON body (with `status`), or the message due on its SSE stream. */
function replaceAnswer(
  exchange: Exchange,
  message: JSONRPCMessage,
  status: number,
  before: readonly JSONRPCMessage[] = [],
): void {
  const deferred = exchange.outcome?.deferred;
  if (deferred) {
    // Notifications the upstream sent first (progress) go first on the client's stream too.
    for (const notification of before)
      if ('method' in notification && !('id' in notification)) deferred.stream.send(notification);
    deferred.message = message;
    return;
  }
  const response = exchange.response;
  if (response?.reply.kind !== 'message') return;
  exchange.response = { ...response, status, reply: { kind: 'message', message } };
}

function gatewayError(exchange: Exchange, text: string): JSONRPCMessage {
  const id = exchange.classified?.kind === 'request' ? exchange.classified.id : undefined;
  return wireError(id, WireErrorCode.InternalError, `Upstream error: ${text}`);
}

/** Visible ASCII without leading or trailing space, and not the sentinel itself (§5.1). */
const SAFE_HEADER = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;

/** A header value, `=?base64?…?=`-wrapped when it is not safe as is (§5.1). */
function headerValue(value: string): string {
  return SAFE_HEADER.test(value) && !value.startsWith('=?base64?')
    ? value
    : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The HTTP headers a relayed modern request carries upstream: the client's `MCP-Protocol-Version`
 * and `Mcp-Param-*` as sent, `Mcp-Method`, and `Mcp-Name` for the name the upstream knows.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1
 */
function modernHeaders(request: WireRequest, relay: RelayRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (name.startsWith('mcp-param-')) headers[name] = value;
  const meta = relay.params?._meta as Record<string, unknown> | undefined;
  const version =
    request.headers['mcp-protocol-version'] ?? meta?.['io.modelcontextprotocol/protocolVersion'];
  if (typeof version === 'string') headers['mcp-protocol-version'] = version;
  headers['mcp-method'] = relay.method;
  const name = relay.params?.name ?? relay.params?.uri;
  if (typeof name === 'string' && ['tools/call', 'resources/read', 'prompts/get'].includes(relay.method))
    headers['mcp-name'] = headerValue(name);
  return headers;
}
