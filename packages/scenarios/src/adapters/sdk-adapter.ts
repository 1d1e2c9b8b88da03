import {
  Client,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import type { ExposedTool } from '@toolshift/assertions';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';

/** Maps SDK tools to exposures attributed to `serverId`. */
export function toExposed(serverId: string, tools: readonly Tool[]): ExposedTool[] {
  return tools.map((tool) => ({
    serverId,
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
    ...(tool._meta !== undefined ? { _meta: tool._meta as Record<string, unknown> } : {}),
  }));
}

/** Options for {@link SdkClientAdapter}; the defaults are the SDK's documented usage. */
export interface SdkClientAdapterOptions {
  /** Register the SDK's `listChanged.tools` handler (default true, as its docs show). */
  listChanged?: boolean;
}

interface Connection {
  target: ConnectTarget;
  client: Client;
  /** The HTTP transport's session id, persisted for a restart (`restart-client`). */
  sessionId?: string;
  transport?: Transport;
  tools: ExposedTool[];
  /** The bearer token the transport's auth provider hands out now. */
  token: string | undefined;
}

/**
 * The official `@modelcontextprotocol/client` 2.4.0 `Client`, used the way its documentation shows:
 * one `Client` per server, `versionNegotiation: { mode: 'auto' }` when the cell prefers the modern
 * era, nothing otherwise (the SDK's default, the plain 2025-11-25 handshake, also in a dual cell), `listChanged.tools.onChanged` for change handling, `listTools()` for the initial list
 * (it walks every page itself), an `authProvider` handing out the current bearer token. What the
 * client exposes is what `listTools()` and `onChanged` hand the host, per server.
 */
export class SdkClientAdapter implements ClientAdapter {
  private readonly connections = new Map<string, Connection>();
  private observer: ClientObserver | undefined;

  constructor(private readonly options: SdkClientAdapterOptions = {}) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.observer = observer;
    const connection: Connection = {
      target,
      client: undefined as unknown as Client,
      tools: [],
      token: target.bearerToken,
    };
    this.connections.set(target.serverId, connection);
    await this.open(connection);
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const connection = serverId ? this.connections.get(serverId) : this.connections.values().next().value;
    if (!connection) return { ok: false, error: 'not connected' };
    try {
      const result = await connection.client.callTool({ name: toolName, arguments: args });
      if (result.isError)
        return { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` };
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  /**
   * The host re-lists on the user's request with `listTools(undefined, { cacheMode: 'refresh' })` (the
   * SDK's way to skip its response cache), showing the user an error if it fails.
   */
  async refresh(serverId: string): Promise<void> {
    const connection = this.get(serverId);
    try {
      const { tools } = await connection.client.listTools(undefined, { cacheMode: 'refresh' });
      this.expose(connection, tools);
    } catch (error) {
      this.observer?.warning({ serverId, message: `refresh failed: ${(error as Error).message}` });
    }
  }

  /** The host closes the `Client` and connects a new one, as the SDK docs show for a fresh session. */
  async reconnect(serverId: string): Promise<void> {
    const connection = this.get(serverId);
    await connection.client.close().catch(() => undefined);
    await this.open(connection);
  }

  /**
   * The host restarts: each `Client` is dropped (no session DELETE, as a killed process sends none)
   * and a new one is built from what the host persisted — the session id, handed to a new
   * `StreamableHTTPClientTransport` the way the SDK documents resuming a session — then lists again.
   */
  async restartClient(): Promise<void> {
    for (const connection of this.connections.values()) {
      const sessionId = (connection.transport as { sessionId?: string } | undefined)?.sessionId;
      if (sessionId !== undefined) connection.sessionId = sessionId;
      await connection.client.close().catch(() => undefined);
    }
    for (const connection of this.connections.values()) await this.open(connection);
  }

  /** The auth provider hands out the new token from the next request on. */
  async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    this.get(serverId).token = bearerToken;
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.connections.values()].map((connection) => connection.client?.close().catch(() => undefined)),
    );
  }

  private get(serverId: string): Connection {
    const connection = this.connections.get(serverId);
    if (!connection) throw new Error(`server ${serverId} was never connected`);
    return connection;
  }

  private async open(connection: Connection): Promise<void> {
    const { target } = connection;
    const listChanged =
      this.options.listChanged === false
        ? undefined
        : {
            tools: {
              onChanged: (error: Error | null, tools: Tool[] | null) => {
                if (error)
                  this.observer?.warning({
                    serverId: target.serverId,
                    message: `refresh failed: ${error.message}`,
                  });
                else if (tools && connection.client === client) this.expose(connection, tools);
              },
            },
          };
    const client = new Client(
      { name: 'toolshift-sdk-adapter', version: '1.0.0' },
      {
        ...(target.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
        ...(listChanged ? { listChanged } : {}),
      },
    );
    connection.client = client;
    const transport = this.transport(connection);
    connection.transport = transport;
    await client.connect(transport);
    const { tools } = await client.listTools();
    this.expose(connection, tools);
  }

  private transport(connection: Connection): Transport {
    const transport = connection.target.transport ?? { kind: 'http', url: connection.target.url };
    if ('connect' in transport) return transport.connect();
    return new StreamableHTTPClientTransport(new URL(transport.url), {
      authProvider: { token: async () => connection.token },
      ...(connection.sessionId !== undefined ? { sessionId: connection.sessionId } : {}),
    });
  }

  private expose(connection: Connection, tools: readonly Tool[]): void {
    connection.tools = toExposed(connection.target.serverId, tools);
    this.observer?.exposure([...this.connections.values()].flatMap((each) => each.tools));
  }
}

/** The official SDK client as the CLI's `sdk` client. */
export const sdkClient: ClientAdapterFactory = {
  name: 'sdk',
  kind: 'sdk',
  description:
    'The official @modelcontextprotocol/client 2.4.0 Client, used as its docs show (listChanged option, listTools()).',
  capabilities: {
    transports: ['http', 'msw', 'in-memory', 'stdio'],
    features: ['multi-server', 'bearer-auth', 'manual-refresh', 'reconnect', 'reauthorize', 'restart-client'],
  },
  create: () => new SdkClientAdapter(),
};
