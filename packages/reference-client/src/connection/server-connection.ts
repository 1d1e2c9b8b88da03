import {
  type CallToolResult,
  Client,
  type Implementation,
  type McpSubscription,
  type ServerCapabilities,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import type { ListCapability, StreamEndCause } from '../discovery-machine/machine-event.js';
import { settlesWithin, systemClock } from '../freshness/host-clock.js';
import type { Era } from '../snapshot/discovered-tool.js';
import { FetchBoundError, type FetchMeter } from './bounded-fetch.js';
import { closedError, SESSION_NOT_FOUND, sessionLostError } from './connection-errors.js';
import type { ConnectionOptions } from './connection-options.js';
import { createHttpTransport } from './create-http-transport.js';
import { type EraPreference, versionNegotiation } from './era-preference.js';
import { ListPageReader } from './list-page-reader.js';
import { negotiateEra } from './negotiate-era.js';
import { NotificationTracker } from './notification-tracker.js';
import { RAW_RESULT, RawListResults } from './raw-list-results.js';
import {
  closeDetail,
  type ProcessFacts,
  processFacts,
  StdioProcessTransport,
} from './stdio-process-transport.js';
import { StreamEndTracker } from './stream-end-tracker.js';

export { probeFallbackReason } from './connection-errors.js';
export type { ConnectionOptions } from './connection-options.js';

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
  private readonly notifications = new NotificationTracker();
  /** List results moved aside before the SDK's decoding. */
  private readonly rawResults: RawListResults;
  /** Reads `tools/list` responses over HTTP itself (see {@link listPage}). */
  private readonly pageReader: ListPageReader;
  private client: Client;
  private transport: Transport;
  private closed = false;
  private connected = false;
  private lost = false;
  private getStreamsOpened = 0;
  /** Why the change stream ended (a cut, garbled frames, the server). */
  private readonly streamEnd = new StreamEndTracker();
  private reconnectStream: (() => void) | undefined;
  /** Why `auto` negotiation fell back to `initialize` on a fresh transport, if it did. */
  private fallback: string | undefined;

  /** Builds the client and its transport; nothing is sent before {@link connect}. */
  constructor(private readonly options: ConnectionOptions) {
    this.pageReader = new ListPageReader(options.isKnownPage ?? (() => false));
    this.rawResults = new RawListResults(this.pageReader);
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
      if (this.streamEnd.noteError(error)) options.onStreamLost();
    };
    const transport = this.createTransport(resume);
    client.onclose = () => {
      if (this.closed || this.client !== client || !this.connected) return;
      options.onClosed(closeDetail(transport));
    };
    this.rawResults.attach(transport);
    this.notifications.attach(transport);
    return { client, transport };
  }

  private createTransport(resume?: ConnectionOptions['resume']): Transport {
    const { endpoint } = this.options;
    if (endpoint.kind === 'stdio') return new StdioProcessTransport(endpoint.server, this.options.stdio);
    if (endpoint.kind === 'transport') return endpoint.connect();
    return createHttpTransport(endpoint.url, this.options, resume, {
      meter: this.meter,
      exchanges: this.exchanges,
      pageReader: this.pageReader,
      onViolation: (violation) => {
        if (violation.kind === 'byte-cap' && violation.longLived) this.streamEnd.noteCut(violation);
        this.options.onViolation(violation);
        // A cut ordinary response never delivers its JSON-RPC answer: fail the waiting requests now
        // instead of at their timeout.
        if (violation.kind === 'deadline' || !violation.longLived)
          this.abortInflight(new FetchBoundError(violation));
      },
      onResponse: (init, status) => this.observe(init, status),
      // The host decides when the legacy GET stream reconnects (its backoff, its clock).
      onReconnect: (reconnect, delayMs) => {
        if (this.closed) return undefined;
        this.reconnectStream = reconnect;
        this.options.onStreamEnded(this.takeStreamEndCause(), delayMs);
        return () => {
          if (this.reconnectStream === reconnect) this.reconnectStream = undefined;
        };
      },
    });
  }

  /**
   * Connects and negotiates the era (see `negotiateEra`). With `era: 'auto'`, a `server/discover`
   * probe that is not answered within `probeTimeoutMs`, or is answered with an HTTP error status or
   * an unusable reply, or whose stdio process exits, falls back to `initialize` on a fresh transport
   * (so within `probeTimeoutMs` plus one handshake). An auth wall (401/403) or an unreachable
   * server never falls back.
   * @throws {ClassifiedError} `session-lost` when the server forgot the legacy session during the
   * handshake (HTTP 404 on `notifications/initialized`); `host-closed` when {@link close} was
   * called meanwhile; otherwise whatever the SDK throws (classify with `classifyFailure`).
   */
  async connect(): Promise<void> {
    await negotiateEra({
      era: this.options.era,
      attempt: () => this.client.connect(this.transport, { timeout: this.options.requestTimeoutMs }),
      abandon: () => this.client.close().catch(() => {}),
      rebuild: (era) => {
        ({ client: this.client, transport: this.transport } = this.build(era));
      },
      fellBack: (reason) => {
        this.fallback = reason;
      },
      closed: () => this.closed,
      lost: () => this.lost,
    });
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
  get process(): ProcessFacts | undefined {
    return processFacts(this.transport);
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
    this.streamEnd.reset();
    return this.client.listen(filter, { timeout: this.options.requestTimeoutMs });
  }

  /** Why the last change stream ended: cut at its byte limit, after garbled frames, or closed by the server. */
  takeStreamEndCause(): StreamEndCause {
    return this.streamEnd.take();
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
    this.rawResults.clear();
    this.pageReader.clear();
    this.reconnectStream = undefined;
    // Aborting a request makes the SDK send notifications/cancelled for it. After a 404 the session
    // is gone: those would only be more requests the server answers 404, so a lost connection's
    // requests fail once the client is closed (below), when there is no transport to send on.
    const lost = this.lost;
    if (!lost) this.abortInflight(closedError(undefined));
    // The SDK hands each abort's notifications/cancelled to the transport at once; they are
    // delivered before the session ends and the transport closes, never raced by that close.
    await settlesWithin(this.options.clock ?? systemClock, this.notifications.delivered(), deleteWaitMs);
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
