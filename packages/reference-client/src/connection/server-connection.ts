import {
  type CallToolResult,
  Client,
  type Implementation,
  type McpSubscription,
  type StandardSchemaV1,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';
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

/** How to reach and talk to one server. */
export interface ConnectionOptions {
  url: URL;
  era: EraPreference;
  clientInfo: Implementation;
  /** Sent as `Authorization: Bearer …` on every request. Never logged or used as a key. */
  bearerToken?: string;
  /** Per-request timeout, ms (also the `server/discover` probe and the listen ack timeout). */
  requestTimeoutMs: number;
  bounds: FetchBounds;
  /** Called for every `notifications/tools/list_changed` (legacy unsolicited, or on a modern listen stream). */
  onToolsListChanged: () => void;
  /** Called when the bounded fetch cuts a response short. */
  onViolation: (violation: FetchViolation) => void;
  /** Called when the legacy standalone GET stream is lost and the SDK cannot reopen it. */
  onStreamLost: () => void;
  /**
   * Called when the legacy standalone GET stream opens again after the server ended it (the SDK
   * reopens it with backoff, with or without `Last-Event-ID`): notifications may have been missed.
   */
  onStreamReopened: () => void;
  /** Called once when the server answers HTTP 404 to a request carrying the legacy session id. */
  onSessionLost: () => void;
  /** The host's clock, for the bound on the legacy DELETE at `close` (default: the system clock). */
  clock?: HostClock;
}

// Where a tools/list response's raw `tools` array rides past the SDK's result decoding.
const RAW_TOOLS = 'io.toolshift/rawTools';

// Pages are checked by the page walker, not by the SDK's schema: absent `ttlMs` must read as 0, not
// fail, and one tool with a bad schema must not reject the page (the schema gate excludes that tool).
const RAW_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolshift',
    validate: (value) => {
      const { [RAW_TOOLS]: tools, ...rest } = value as Record<string, unknown>;
      return { value: tools === undefined ? rest : { ...rest, tools } };
    },
  },
};

/** The HTTP status that tells a legacy client its session is gone (2025-11-25 §5.2). */
const SESSION_NOT_FOUND = 404;

/**
 * One live connection to one server through the official SDK client over Streamable HTTP: the era
 * is negotiated at `open`, every response is bounded (bytes, time), and pages are fetched one at a
 * time so the host controls pagination. A connection is never reused after `close`.
 */
export class ServerConnection {
  readonly meter: FetchMeter = { bytesRead: 0 };
  private readonly inflight = new Set<AbortController>();
  private readonly listRequestIds = new Set<string | number>();
  private closed = false;
  private connected = false;
  private lost = false;
  private getStreamsOpened = 0;

  private transport: StreamableHTTPClientTransport | undefined;

  private constructor(
    private readonly client: Client,
    private readonly options: ConnectionOptions,
  ) {}

  /**
   * Connects and negotiates the era.
   * @throws {ClassifiedError} `session-lost` when the server forgot the legacy session during the
   * handshake (HTTP 404 on `notifications/initialized`); otherwise whatever the SDK throws (classify
   * with `classifyFailure`).
   */
  static async open(options: ConnectionOptions): Promise<ServerConnection> {
    const client = new Client(options.clientInfo, {
      versionNegotiation: versionNegotiation(options.era, options.requestTimeoutMs),
      listMaxPages: 1,
    });
    const connection = new ServerConnection(client, options);
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (!connection.closed) options.onToolsListChanged();
    });
    // Most transport noise surfaces through requests; a legacy GET stream that cannot be reopened
    // does not, and without it no list_changed can arrive.
    client.onerror = (error) => {
      if (
        !connection.closed &&
        /reconnect SSE stream|reconnection attempts|open SSE stream/i.test(error.message)
      ) {
        options.onStreamLost();
      }
    };
    const token = options.bearerToken;
    const onViolation = (violation: FetchViolation) => {
      options.onViolation(violation);
      // A cut ordinary response never delivers its JSON-RPC answer: fail the waiting requests now
      // instead of at their timeout.
      if (violation.kind === 'deadline' || !violation.longLived)
        connection.abortInflight(new FetchBoundError(violation));
    };
    const bounded = createBoundedFetch(options.bounds, onViolation, connection.meter);
    const transport = new StreamableHTTPClientTransport(options.url, {
      fetch: async (url, init) => {
        const response = await bounded(url, init);
        connection.observe(init, response.status);
        return response;
      },
      ...(token !== undefined ? { authProvider: { token: async () => token } } : {}),
      reconnectionOptions: {
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 30_000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 5,
      },
    });
    connection.transport = transport;
    connection.passRawListings(transport);
    try {
      await client.connect(transport, { timeout: options.requestTimeoutMs });
    } catch (error) {
      await client.close().catch(() => {});
      throw connection.lost ? sessionLostError(error) : error;
    }
    connection.connected = true;
    return connection;
  }

  /** The negotiated era. */
  get era(): Era {
    return this.client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  }

  /** The negotiated protocol revision (a date string). */
  get protocolRevision(): string {
    return this.client.getNegotiatedProtocolVersion() ?? 'unknown';
  }

  /** Whether the server advertised the `tools` capability. */
  get hasTools(): boolean {
    return this.client.getServerCapabilities()?.tools !== undefined;
  }

  /** Whether the server advertised `tools.listChanged`. */
  get toolsListChanged(): boolean {
    return this.client.getServerCapabilities()?.tools?.listChanged === true;
  }

  /** The server's self-reported identity (display only: never a security identity). */
  get serverInfo(): Implementation | undefined {
    return this.client.getServerVersion();
  }

  /** Fetches one `tools/list` page, unvalidated (`cursor` undefined = first page). */
  listPage(cursor: string | undefined, signal: AbortSignal): Promise<unknown> {
    return this.tracked(signal, (tracked) =>
      this.client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        RAW_RESULT,
        {
          timeout: this.options.requestTimeoutMs,
          signal: tracked,
        },
      ),
    );
  }

  /**
   * Opens a modern `subscriptions/listen` stream asking for `toolsListChanged`; resolves once the
   * server acknowledged it. Only valid on a modern connection.
   */
  listen(): Promise<McpSubscription> {
    return this.client.listen({ toolsListChanged: true }, { timeout: this.options.requestTimeoutMs });
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
      if (controller.signal.aborted) throw controller.signal.reason;
      throw this.lost ? sessionLostError(error) : error;
    } finally {
      this.inflight.delete(controller);
    }
  }

  private abortInflight(reason: FetchBoundError): void {
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
   * The SDK (2.4.0) validates a 2026-07-28 `tools/list` result as a whole, so one tool whose
   * `inputSchema` root is not an object would reject every tool of the page. The raw `tools` array
   * is moved aside before the SDK decodes the response and put back by {@link RAW_RESULT}; the
   * schema gate then excludes only the bad tool.
   */
  private passRawListings(transport: StreamableHTTPClientTransport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ('method' in message && message.method === 'tools/list' && 'id' in message) {
        this.listRequestIds.add(message.id);
      }
      return send(message, options);
    };
    // Protocol.connect chains a handler set before it, and hands it each message first.
    transport.onmessage = (message) => {
      const response = 'result' in message || 'error' in message;
      if (!response || message.id === undefined || !this.listRequestIds.delete(message.id)) return;
      if (!('result' in message)) return;
      const result = message.result as Record<string, unknown>;
      if (Array.isArray(result.tools)) message.result = { ...result, tools: [], [RAW_TOOLS]: result.tools };
    };
  }

  /**
   * Ends a legacy session with HTTP DELETE (best effort, at most 1 s) and closes the transport
   * (every stream). The DELETE goes out even after a 404 on the session: a client cannot tell a
   * server that forgot the session from a 404 on the way (a proxy, a misrouted request, RC-02), and
   * a server that still holds it then ends it, with its streams, before a new session starts.
   * Idempotent.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listRequestIds.clear();
    if (this.era === 'legacy' && this.transport)
      await settlesWithin(this.options.clock ?? systemClock, this.transport.terminateSession(), 1_000);
    await this.client.close().catch(() => {});
  }
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
