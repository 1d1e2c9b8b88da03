import {
  type CallToolResult,
  Client,
  type Implementation,
  type McpSubscription,
  type OAuthClientProvider,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type ServerCapabilities,
  type StandardSchemaV1,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import type { ListCapability, StreamEndCause } from '../discovery-machine/machine-event.js';
import { ClassifiedError } from '../errors/classified-error.js';
import { type HostClock, settlesWithin, systemClock } from '../freshness/host-clock.js';
import type { Era } from '../snapshot/discovered-tool.js';
import {
  createBoundedFetch,
  FetchBoundError,
  type FetchBounds,
  type FetchMeter,
  type FetchViolation,
} from './bounded-fetch.js';
import { type EraPreference, versionNegotiation } from './era-preference.js';
import { ListPageReader } from './list-page-reader.js';
import type { ServerEndpoint } from './server-endpoint.js';
import { refuseInvalidSessionId } from './session-id-header.js';
import { describeExit, type StdioBounds, StdioProcessTransport } from './stdio-process-transport.js';

/** How to reach and talk to one server. */
export interface ConnectionOptions {
  endpoint: ServerEndpoint;
  /** The host's clock, for the bound on the legacy DELETE at `close` (default: the system clock). */
  clock?: HostClock;
  era: EraPreference;
  /**
   * Longest wait for the answer to the `server/discover` probe (`era: 'auto'`), ms. A probe that
   * times out, or is answered with an HTTP error or an unusable reply, falls back to `initialize`
   * on a fresh transport (a new process for stdio: a server that died on the probe is never
   * written to again).
   */
  probeTimeoutMs: number;
  /** Bounds of a stdio server process. */
  stdio: StdioBounds;
  clientInfo: Implementation;
  /** Sent as `Authorization: Bearer …` on every request. Never logged or used as a key. */
  bearerToken?: string;
  /** OAuth through the SDK (instead of `bearerToken`). */
  authProvider?: OAuthClientProvider;
  /** Per-request timeout, ms (also the `server/discover` probe and the listen ack timeout). */
  requestTimeoutMs: number;
  bounds: FetchBounds;
  /** The lists whose change notifications are routed to {@link onListChanged}. */
  lists: readonly ListKind[];
  /** Called for every `notifications/<list>/list_changed` (legacy unsolicited, or on a modern listen stream). */
  onListChanged: (list: ListKind) => void;
  /** Called when the bounded fetch cuts a response short. */
  onViolation: (violation: FetchViolation) => void;
  /**
   * Called when the legacy GET stream ended and wants to reconnect: call {@link reopenStream} when
   * the backoff allows. `suggestedDelayMs` is the SDK's (or the server's SSE `retry`) delay.
   */
  onStreamEnded: (cause: StreamEndCause, suggestedDelayMs: number) => void;
  /** Called when the legacy standalone GET stream is lost and the SDK gives up reopening it. */
  onStreamLost: () => void;
  /** Called when the legacy GET stream opens again after it ended: notifications may have been missed. */
  onStreamReopened: () => void;
  /** Called once when the server answers HTTP 404 to a request carrying the legacy session id. */
  onSessionLost: () => void;
  /**
   * A stored legacy HTTP session to resume instead of `initialize` (cold start): its id, revision
   * and the capabilities its `initialize` result advertised. A server that forgot it answers 404,
   * which is `onSessionLost` / a `session-lost` failure like any other.
   */
  resume?: {
    sessionId: string;
    protocolRevision: string;
    capabilities: Record<string, unknown>;
    serverInfo?: Implementation;
  };
  /**
   * Called once when the connection ended without the host closing it: a stdio process exited, an
   * in-memory peer closed. `detail` says how (exit code, signal).
   */
  onClosed: (detail: string) => void;
  /**
   * Whether a `tools/list` result digest belongs to a page the listing can reuse (HTTP only): such
   * a page is handed to {@link ServerConnection.listPage}'s caller as an undecoded `FramedPage`.
   */
  isKnownPage?: (digest: string) => boolean;
}

/** Where a list response's raw result rides past the SDK's result decoding. */
const RAW_RESULT_KEY = 'io.toolshift/rawResult';

/**
 * Pages are checked by the page walker, not by the SDK's era codec: absent `ttlMs` must read as 0,
 * not fail, and one entry with a bad schema must not reject the page (the gate excludes that entry).
 */
const RAW_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolshift',
    validate: (value) => ({ value: ((value as Record<string, unknown>)[RAW_RESULT_KEY] ?? value) as never }),
  },
};

/** The HTTP status that tells a legacy client its session is gone (2025-11-25 §5.2). */
const SESSION_NOT_FOUND = 404;

/** The SDK's messages for a legacy GET stream it could not keep open. */
const STREAM_GIVEN_UP = /reconnection attempts|Failed to open SSE stream/i;
/** What the SDK reports for an SSE frame or JSON-RPC message it could not parse. */
const PROTOCOL_NOISE = /JSON|Unexpected token|Invalid|parse/i;

/**
 * One live connection to one server through the official SDK client over Streamable HTTP: the era
 * is negotiated by {@link connect}, every response is bounded (bytes, time), and pages are fetched
 * one at a time so the host controls pagination. {@link close} works at any point, also while
 * {@link connect} is still negotiating (it then fails at once). A connection is never reused after
 * `close`.
 */
export class ServerConnection {
  readonly meter: FetchMeter = { bytesRead: 0 };
  private readonly inflight = new Set<AbortController>();
  /** Every HTTP exchange waiting for its response, so {@link abandon} can abort what a close left. */
  private readonly exchanges = new Set<AbortController>();
  /** Notifications handed to the transport and not yet delivered (cancellations above all). */
  private readonly notifying = new Set<Promise<unknown>>();
  private readonly listRequestIds = new Set<string | number>();
  /** Reads `tools/list` responses over HTTP itself (see {@link listPage}). */
  private readonly pageReader: ListPageReader;
  private client: Client;
  private transport: Transport;
  private closed = false;
  private connected = false;
  private lost = false;
  private getStreamsOpened = 0;
  /** Why the last long-lived stream was cut, if the bounded fetch cut it. */
  private streamViolation: FetchViolation | undefined;
  /** Messages the SDK could not parse since the last stream end. */
  private protocolErrors = 0;
  private reconnectStream: (() => void) | undefined;
  /** Why `auto` negotiation fell back to `initialize` on a fresh transport, if it did. */
  private fallback: string | undefined;

  /** Builds the client and its transport; nothing is sent before {@link connect}. */
  constructor(private readonly options: ConnectionOptions) {
    this.pageReader = new ListPageReader(options.isKnownPage ?? (() => false));
    const resume = options.resume && options.endpoint.kind === 'http' ? options.resume : undefined;
    ({ client: this.client, transport: this.transport } = this.build(
      resume ? 'legacy' : options.era,
      resume,
    ));
    this.resumed = resume;
  }

  /** The stored session this connection resumed (no handshake), if it did. */
  private resumed: ConnectionOptions['resume'];

  /** A client and a transport, wired: notifications, error noise, unexpected closes, raw listings. */
  private build(
    era: EraPreference,
    resume?: ConnectionOptions['resume'],
  ): { client: Client; transport: Transport } {
    const { options } = this;
    const client = new Client(options.clientInfo, {
      // Only `auto` falls back; a pinned modern probe gets the ordinary request timeout.
      versionNegotiation: versionNegotiation(
        era,
        era === 'auto' ? options.probeTimeoutMs : options.requestTimeoutMs,
      ),
      listMaxPages: 1,
    });
    for (const list of options.lists) {
      client.setNotificationHandler(LIST_PROTOCOL[list].notification, () => {
        if (!this.closed && this.client === client) options.onListChanged(list);
      });
    }
    // Most transport noise surfaces through requests; a legacy GET stream that cannot be reopened
    // does not, and without it no list_changed can arrive.
    client.onerror = (error) => {
      if (this.closed || this.client !== client) return;
      if (STREAM_GIVEN_UP.test(error.message)) options.onStreamLost();
      else if (
        error.name === 'SyntaxError' ||
        error.name === 'ZodError' ||
        PROTOCOL_NOISE.test(error.message)
      ) {
        this.protocolErrors++;
      }
    };
    const transport = this.createTransport(resume);
    client.onclose = () => {
      if (this.closed || this.client !== client || !this.connected) return;
      options.onClosed(this.closeDetail(transport));
    };
    this.passRawListings(transport);
    this.trackNotifications(transport);
    return { client, transport };
  }

  private createTransport(resume?: ConnectionOptions['resume']): Transport {
    const { endpoint } = this.options;
    if (endpoint.kind === 'stdio') return new StdioProcessTransport(endpoint.server, this.options.stdio);
    if (endpoint.kind === 'transport') return endpoint.connect();
    const token = this.options.bearerToken;
    const onViolation = (violation: FetchViolation) => {
      if (violation.kind === 'byte-cap' && violation.longLived) this.streamViolation = violation;
      this.options.onViolation(violation);
      // A cut ordinary response never delivers its JSON-RPC answer: fail the waiting requests now
      // instead of at their timeout.
      if (violation.kind === 'deadline' || !violation.longLived)
        this.abortInflight(new FetchBoundError(violation));
    };
    const bounded = createBoundedFetch(this.options.bounds, onViolation, this.meter);
    return new StreamableHTTPClientTransport(endpoint.url, {
      fetch: async (url, init) => {
        // Each exchange gets a signal of our own combined with the caller's, so a close whose budget
        // ran out can abort what is still waiting for an answer (see abandon). AbortSignal.any holds
        // the caller's signal without adding a listener to it: the SDK passes one signal to every
        // request of a transport, and a listener per request would pile up on it for the
        // connection's lifetime.
        const exchange = new AbortController();
        this.exchanges.add(exchange);
        const signal = init?.signal ? AbortSignal.any([init.signal, exchange.signal]) : exchange.signal;
        try {
          const response = await bounded(url, { ...init, signal });
          this.observe(init, response.status);
          return await this.pageReader.read(init, await refuseInvalidSessionId(response));
        } finally {
          this.exchanges.delete(exchange);
        }
      },
      ...(this.options.authProvider
        ? { authProvider: this.options.authProvider }
        : token !== undefined
          ? { authProvider: { token: async () => token } }
          : {}),
      ...(resume ? { sessionId: resume.sessionId, protocolVersion: resume.protocolRevision } : {}),
      reconnectionOptions: {
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 30_000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 5,
      },
      // The host decides when the legacy GET stream reconnects (its backoff, its clock).
      reconnectionScheduler: (reconnect, delayMs) => {
        if (this.closed) return;
        this.reconnectStream = reconnect;
        this.options.onStreamEnded(this.takeStreamEndCause(), delayMs);
        return () => {
          if (this.reconnectStream === reconnect) this.reconnectStream = undefined;
        };
      },
    });
  }

  /** How a transport that closed by itself ended (a stdio exit code and the stderr tail). */
  private closeDetail(transport: Transport): string {
    if (transport instanceof StdioProcessTransport && transport.exit) {
      const stderr = transport.stderrTail().trim().split('\n').slice(-3).join(' | ');
      const { code, signal } = transport.exit;
      return `the server process exited (${signal ? `signal ${signal}` : `exit code ${code}`})${stderr ? `: ${stderr.slice(0, 500)}` : ''}`;
    }
    return 'the transport closed';
  }

  /**
   * Connects and negotiates the era. With `era: 'auto'`, a `server/discover` probe that is not
   * answered within `probeTimeoutMs`, or is answered with an HTTP error status or an unusable
   * reply, or whose stdio process exits, falls back to `initialize` on a fresh transport (so
   * within `probeTimeoutMs` plus one handshake). An auth wall (401/403) or an unreachable server
   * never falls back.
   * @throws {ClassifiedError} `session-lost` when the server forgot the legacy session during the
   * handshake (HTTP 404 on `notifications/initialized`); `host-closed` when {@link close} was
   * called meanwhile; otherwise whatever the SDK throws (classify with `classifyFailure`).
   */
  async connect(): Promise<void> {
    try {
      await this.client.connect(this.transport, { timeout: this.options.requestTimeoutMs });
    } catch (error) {
      await this.client.close().catch(() => {});
      if (this.closed) throw closedError(error);
      if (this.lost) throw sessionLostError(error);
      const reason = this.options.era === 'auto' ? probeFallbackReason(error) : undefined;
      if (reason === undefined) throw error;
      this.fallback = reason;
      ({ client: this.client, transport: this.transport } = this.build('legacy'));
      try {
        await this.client.connect(this.transport, { timeout: this.options.requestTimeoutMs });
      } catch (retryError) {
        await this.client.close().catch(() => {});
        if (this.closed) throw closedError(retryError);
        if (this.lost) throw sessionLostError(retryError);
        // A modern-only server refusing `initialize` (-32022 naming its versions): the probe was
        // only slow. One more connect, pinned to 2026-07-28 with the ordinary request timeout.
        if (!refusedAsModernOnly(retryError)) throw retryError;
        this.fallback = `${reason}, then modern-only`;
        ({ client: this.client, transport: this.transport } = this.build('modern'));
        try {
          await this.client.connect(this.transport, { timeout: this.options.requestTimeoutMs });
        } catch (modernError) {
          await this.client.close().catch(() => {});
          if (this.closed) throw closedError(modernError);
          throw modernError;
        }
      }
    }
    if (this.closed) throw closedError(undefined);
    this.connected = true;
    // A resumed session had no `notifications/initialized`, which is what opens the GET stream.
    const transport = this.transport;
    if (
      this.resumed &&
      transport instanceof StreamableHTTPClientTransport &&
      this.capabilities.tools.listChanged
    ) {
      void transport.resumeStream('').catch(() => {});
    }
  }

  /** The legacy HTTP session id, while there is one. */
  get sessionId(): string | undefined {
    const transport = this.transport;
    return transport instanceof StreamableHTTPClientTransport ? transport.sessionId : undefined;
  }

  /** The server's capabilities as advertised (the stored ones for a resumed session). */
  get rawCapabilities(): Record<string, unknown> {
    return (
      (this.client.getServerCapabilities() as Record<string, unknown> | undefined) ??
      this.resumed?.capabilities ??
      {}
    );
  }

  /** Why `auto` negotiation fell back to `initialize` on a fresh transport (`probe-timeout`, `http-503`, `probe-closed`, …), if it did. */
  get negotiationFallback(): string | undefined {
    return this.fallback;
  }

  /** A stdio server's process: its pid (while it runs), the newest stderr, how it exited. */
  get process(): { pid: number | null; stderrTail: string; exit?: string } | undefined {
    const transport = this.transport;
    if (!(transport instanceof StdioProcessTransport)) return undefined;
    const exit = transport.exit;
    return {
      pid: exit ? null : transport.pid,
      stderrTail: transport.stderrTail(),
      ...(exit ? { exit: describeExit(exit) } : {}),
    };
  }

  /** The negotiated era. */
  get era(): Era {
    return !this.resumed && this.client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  }

  /** The negotiated protocol revision (a date string). */
  get protocolRevision(): string {
    return this.client.getNegotiatedProtocolVersion() ?? this.resumed?.protocolRevision ?? 'unknown';
  }

  /** What the server advertised per list. */
  get capabilities(): Record<ListKind, ListCapability> {
    const advertised = this.rawCapabilities as ServerCapabilities;
    const of = (entry: { listChanged?: boolean } | undefined): ListCapability => ({
      supported: entry !== undefined,
      listChanged: entry?.listChanged === true,
    });
    return {
      tools: of(advertised.tools),
      prompts: of(advertised.prompts),
      resources: of(advertised.resources),
    };
  }

  /** The server's self-reported identity (display only: never a security identity). */
  get serverInfo(): Implementation | undefined {
    return this.client.getServerVersion() ?? this.resumed?.serverInfo;
  }

  /**
   * Fetches one page of a list, unvalidated (`cursor` undefined = first page): the decoded result,
   * or, for a `tools/list` page over HTTP that the client read itself, a `FramedPage` (its result's
   * digest, and the result decoded or, when `isKnownPage` knew the digest, still as bytes).
   */
  listPage(list: ListKind, cursor: string | undefined, signal: AbortSignal): Promise<unknown> {
    return this.tracked(signal, (tracked) =>
      this.client.request(
        { method: LIST_PROTOCOL[list].method, params: cursor === undefined ? {} : { cursor } },
        RAW_RESULT,
        { timeout: this.options.requestTimeoutMs, signal: tracked },
      ),
    );
  }

  /**
   * Opens a modern `subscriptions/listen` stream asking for the change notifications of `lists`;
   * resolves once the server acknowledged it. Only valid on a modern connection.
   */
  listen(lists: readonly ListKind[]): Promise<McpSubscription> {
    const filter: Record<string, boolean> = {};
    for (const list of lists) filter[LIST_PROTOCOL[list].listenKey] = true;
    this.streamViolation = undefined;
    this.protocolErrors = 0;
    return this.client.listen(filter, { timeout: this.options.requestTimeoutMs });
  }

  /** Why the last change stream ended: cut at its byte limit, after garbled frames, or closed by the server. */
  takeStreamEndCause(): StreamEndCause {
    const cause: StreamEndCause =
      this.streamViolation !== undefined
        ? 'size-limit'
        : this.protocolErrors > 0
          ? 'protocol-error'
          : 'remote-close';
    this.streamViolation = undefined;
    this.protocolErrors = 0;
    return cause;
  }

  /** Lets the legacy GET stream reconnect now (after {@link ConnectionOptions.onStreamEnded}). */
  reopenStream(): void {
    const reconnect = this.reconnectStream;
    this.reconnectStream = undefined;
    if (!this.closed) reconnect?.();
  }

  /**
   * Calls a tool. `definition` drives the SDK's `Mcp-Param-*` header mirroring (2026-07-28); output
   * validation is the host's, so the definition's `outputSchema` is not handed to the SDK.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    definition: Tool,
    options: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<CallToolResult> {
    const { outputSchema: _output, ...toolDefinition } = definition;
    return this.tracked(
      options.signal,
      (signal) =>
        this.client.callTool(
          { name, arguments: args },
          { toolDefinition: toolDefinition as Tool, timeout: options.timeoutMs, signal },
        ) as Promise<CallToolResult>,
    );
  }

  /** Runs a request that {@link abortInflight} can fail early; rethrows the bound that cut it, if one did. */
  private async tracked<T>(
    outer: AbortSignal | undefined,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    this.inflight.add(controller);
    try {
      return await run(outer ? AbortSignal.any([outer, controller.signal]) : controller.signal);
    } catch (error) {
      // A lost session explains everything that failed on this connection after it (RC-01).
      if (this.lost) throw sessionLostError(error);
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      this.inflight.delete(controller);
    }
  }

  private abortInflight(reason: Error): void {
    for (const controller of this.inflight) controller.abort(reason);
  }

  /**
   * Watches every HTTP exchange: a 404 to a request carrying the legacy session id means the server
   * forgot the session, whatever the body says (JSON, text or empty: RC-02); a successful GET after
   * the first is the standalone stream reopened.
   */
  private observe(init: RequestInit | undefined, status: number): void {
    if (this.closed) return;
    const method = (init?.method ?? 'GET').toUpperCase();
    const session = new Headers(init?.headers).get('mcp-session-id');
    if (status === SESSION_NOT_FOUND && session !== null && method !== 'DELETE') {
      if (this.lost) return;
      this.lost = true;
      if (this.connected) this.options.onSessionLost();
    } else if (method === 'GET' && status >= 200 && status < 300) {
      if (++this.getStreamsOpened > 1 && this.connected) this.options.onStreamReopened();
    }
  }

  /**
   * The SDK (2.4.0) decodes every list result with its era codec, so one tool whose `inputSchema`
   * root is not an object, or a modern page without `ttlMs`, would reject the whole page. The raw
   * result is moved aside before the SDK decodes the response (the codec sees an empty, valid
   * page) and handed back by {@link RAW_RESULT}; the page walker and the schema gate then judge it.
   */
  private passRawListings(transport: Transport): void {
    const send = transport.send.bind(transport);
    const fields = new Map<string | number, ListKind>();
    const onmessage = transport.onmessage;
    transport.send = (message, options) => {
      if ('method' in message && 'id' in message && message.method.endsWith('/list')) {
        const list = (Object.keys(LIST_PROTOCOL) as ListKind[]).find(
          (kind) => LIST_PROTOCOL[kind].method === message.method,
        );
        if (list) {
          this.listRequestIds.add(message.id);
          fields.set(message.id, list);
          this.pageReader.expect(message);
        }
      }
      return send(message, options);
    };
    // Protocol.connect chains a handler set before it, and hands it each message first.
    transport.onmessage = (message) => {
      const response = 'result' in message || 'error' in message;
      onmessage?.(message);
      if (!response || message.id === undefined || !this.listRequestIds.delete(message.id)) return;
      const list = fields.get(message.id)!;
      fields.delete(message.id);
      const read = this.pageReader.take(message.id);
      if (!('result' in message)) return;
      const raw = read ?? message.result;
      message.result = {
        resultType: 'complete',
        [LIST_PROTOCOL[list].field]: [],
        ttlMs: 0,
        cacheScope: 'private',
        [RAW_RESULT_KEY]: raw,
      };
    };
  }

  /**
   * Aborts every HTTP exchange still waiting for an answer and closes the transport: what a close
   * that ran out of time leaves behind ends here, so nothing of this connection reaches the wire
   * afterwards. Safe to call while {@link close} runs, and after it.
   */
  abandon(): void {
    const reason = closedError(undefined);
    for (const exchange of [...this.exchanges]) exchange.abort(reason);
    this.exchanges.clear();
    this.abortInflight(reason);
    void this.transport.close().catch(() => {});
  }

  /** Resolves when every notification handed to the transport so far was delivered or failed. */
  private async notificationsDelivered(): Promise<void> {
    while (this.notifying.size > 0) await Promise.allSettled([...this.notifying]);
  }

  /** Follows each notification the SDK sends until the transport delivered it (see {@link close}). */
  private trackNotifications(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const sent = send(message, options);
      if (!('method' in message) || 'id' in message) return sent;
      const tracked = sent.then(
        () => undefined,
        () => undefined,
      );
      this.notifying.add(tracked);
      void tracked.then(() => this.notifying.delete(tracked));
      return sent;
    };
  }

  /**
   * Closes the transport (every stream) at once, failing whatever is in flight, and ends a legacy
   * session with HTTP DELETE (best effort, at most `deleteWaitMs`, default 1 s). The DELETE goes out
   * even after a 404 on the session: a client cannot tell a server that forgot the session from a
   * 404 on the way (a proxy, a misrouted request, RC-02), and a server that still holds it then
   * ends it, with its streams, before a new session starts. Idempotent.
   */
  async close(deleteWaitMs = 1_000, keepSession = false): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listRequestIds.clear();
    this.pageReader.clear();
    this.reconnectStream = undefined;
    // Aborting a request makes the SDK send notifications/cancelled for it. After a 404 the session
    // is gone: those would only be more requests the server answers 404, so a lost connection's
    // requests fail once the client is closed (below), when there is no transport to send on.
    const lost = this.lost;
    if (!lost) this.abortInflight(closedError(undefined));
    // The SDK hands each abort's notifications/cancelled to the transport at once; they are
    // delivered before the session ends and the transport closes, never raced by that close.
    await settlesWithin(this.options.clock ?? systemClock, this.notificationsDelivered(), deleteWaitMs);
    const transport = this.transport;
    if (
      !keepSession &&
      this.connected &&
      this.era === 'legacy' &&
      transport instanceof StreamableHTTPClientTransport &&
      transport.sessionId !== undefined
    ) {
      await settlesWithin(this.options.clock ?? systemClock, transport.terminateSession(), deleteWaitMs);
    }
    await this.client.close().catch(() => {});
    // During negotiation the SDK holds the transport outside the client: close it directly too.
    await transport.close().catch(() => {});
    if (lost) this.abortInflight(closedError(undefined));
  }
}

/**
 * Why a failed `auto` connect should be retried with `initialize` on a fresh transport, or
 * undefined when it must not (an auth wall, an unreachable server, a modern error that names
 * versions this client lacks).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 ("any other error, or a timeout, means legacy")
 */
export function probeFallbackReason(error: unknown): string | undefined {
  if (!(error instanceof SdkError)) return undefined;
  const message = error.message;
  if (error.code === SdkErrorCode.RequestTimeout && /probe/i.test(message)) return 'probe-timeout';
  // A stdio server that timed out on the probe and got `initialize` in place, then exited (it
  // died on the probe it read late): a fresh process, `initialize` first.
  if (error.code === SdkErrorCode.ConnectionClosed) return 'probe-closed';
  if (error.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  if (error instanceof SdkHttpError) {
    const status = (error.data as { status?: number } | undefined)?.status;
    return status !== undefined && status >= 500 ? `http-${status}` : undefined;
  }
  if (/closed/i.test(message)) return 'probe-closed';
  if (/unusable reply/i.test(message)) return 'probe-unusable-reply';
  return undefined;
}

/** Whether `initialize` was refused with the modern "unsupported protocol version" error (-32022, digest §1.3). */
function refusedAsModernOnly(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if ((current as { code?: unknown }).code === -32022) return true;
    if (current instanceof Error && /-32022|unsupported protocol version/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A request failed because the legacy session is gone: re-initialize, re-list, retry. */
function sessionLostError(cause: unknown): ClassifiedError {
  const error = new ClassifiedError({
    kind: 'network-unreachable',
    reason: 'session-lost',
    message: 'the server answered HTTP 404 to the session id: the legacy session is gone',
    httpStatus: SESSION_NOT_FOUND,
  });
  error.cause = cause;
  return error;
}

/** The host closed the connection while it was in use. */
function closedError(cause: unknown): ClassifiedError {
  const error = new ClassifiedError({
    kind: 'network-unreachable',
    reason: 'host-closed',
    message: 'the host closed the connection',
  });
  if (cause !== undefined) error.cause = cause;
  return error;
}
