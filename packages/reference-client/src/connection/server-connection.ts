import {
  type CallToolResult,
  Client,
  type Implementation,
  type McpSubscription,
  type StandardSchemaV1,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';
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
  /** Called when the legacy standalone GET stream is lost and the SDK cannot reopen it (e.g. the session expired). */
  onStreamLost: () => void;
}

// Pages are checked by the page walker, not by the SDK's schema: absent `ttlMs` must read as 0, not fail.
const RAW_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolshift',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/**
 * One live connection to one server through the official SDK client over Streamable HTTP: the era
 * is negotiated at `open`, every response is bounded (bytes, time), and pages are fetched one at a
 * time so the host controls pagination. A connection is never reused after `close`.
 */
export class ServerConnection {
  readonly meter: FetchMeter = { bytesRead: 0 };
  private readonly inflight = new Set<AbortController>();
  private closed = false;

  private transport: StreamableHTTPClientTransport | undefined;

  private constructor(
    private readonly client: Client,
    private readonly options: ConnectionOptions,
  ) {}

  /**
   * Connects and negotiates the era.
   * @throws whatever the SDK throws (classify with `classifyFailure`).
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
    const transport = new StreamableHTTPClientTransport(options.url, {
      fetch: createBoundedFetch(options.bounds, onViolation, connection.meter),
      ...(token !== undefined ? { authProvider: { token: async () => token } } : {}),
      reconnectionOptions: {
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 30_000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 5,
      },
    });
    connection.transport = transport;
    try {
      await client.connect(transport, { timeout: options.requestTimeoutMs });
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
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
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      this.inflight.delete(controller);
    }
  }

  private abortInflight(reason: FetchBoundError): void {
    for (const controller of this.inflight) controller.abort(reason);
  }

  /** Ends a legacy session (HTTP DELETE, best effort) and closes the transport (every stream). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.era === 'legacy') {
      await Promise.race([
        this.transport?.terminateSession().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
    }
    await this.client.close().catch(() => {});
  }
}
