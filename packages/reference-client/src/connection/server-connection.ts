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
  private closed = false;

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
    // Transport-level noise (an SSE stream dropping, a reconnect failing) surfaces through requests.
    client.onerror = () => {};
    const token = options.bearerToken;
    const transport = new StreamableHTTPClientTransport(options.url, {
      fetch: createBoundedFetch(options.bounds, options.onViolation, connection.meter),
      ...(token !== undefined ? { authProvider: { token: async () => token } } : {}),
      reconnectionOptions: {
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 30_000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 5,
      },
    });
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
    return this.client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      RAW_RESULT,
      { timeout: this.options.requestTimeoutMs, signal },
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
    return this.client.callTool(
      { name, arguments: args },
      {
        toolDefinition: toolDefinition as Tool,
        timeout: options.timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    ) as Promise<CallToolResult>;
  }

  /** Closes the transport (ends every stream). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => {});
  }
}
