// toolshift driver (client module): the official @modelcontextprotocol/client v2 `Client`, used the
// way its docs show (ts.sdk.modelcontextprotocol.io/v2, docs/clients/*.md): one Client per server,
// the `listChanged.tools.onChanged` option for change handling (subscriptions.md "Let the SDK open
// the stream for you"), `listTools()` for the first list (it walks every page),
// `listTools(undefined, { cacheMode: 'refresh' })` for the user's re-list (caching.md), `callTool()`,
// an `authProvider` `{ token }` for the bearer token (machine-auth.md), and
// `versionNegotiation: { mode: 'auto' }` when the cell prefers 2026-07-28 (protocol-versions.md).
// The tool set the host hands the model is what listTools() and onChanged handed it, per server;
// of two results, the one from the later listing is kept (see `list`).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

function textOf(result) {
  return (result?.content ?? [])
    .map((part) => (part.type === 'text' ? part.text : JSON.stringify(part)))
    .join('\n');
}

function createAdapter() {
  /** serverId → { target, client, tools, token, changes } (`changes`: onChanged deliveries so far) */
  const connections = new Map();
  let observer;
  const exposeAll = () =>
    observer.exposure(
      [...connections.entries()].flatMap(([serverId, { tools }]) =>
        tools.map(({ name, description, inputSchema, outputSchema }) => ({
          serverId,
          name,
          description,
          inputSchema,
          ...(outputSchema ? { outputSchema } : {}),
        })),
      ),
    );

  async function open(connection) {
    const { target } = connection;
    const client = new Client(
      { name: 'toolshift-driver', version: '1.0.0' },
      {
        ...(target.era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (connection.client !== client) return;
              if (error)
                observer.warning({ serverId: target.serverId, message: `refresh failed: ${error.message}` });
              else if (tools) {
                connection.changes += 1;
                connection.tools = tools;
                exposeAll();
              }
            },
          },
        },
      },
    );
    connection.client = client;
    await client.connect(
      new StreamableHTTPClientTransport(new URL(target.url), {
        authProvider: { token: async () => connection.token },
      }),
    );
    await list(connection);
  }

  /**
   * The host's own listing (at connect, and the user's re-list), written to the same tool set as
   * onChanged. The two writes are ordered by when their listing started: onChanged delivers a
   * re-list the SDK started on a change signal, so when it delivers while this listing is in
   * flight, this listing's answer may predate the change and is not written over it.
   */
  async function list(connection, options) {
    const before = connection.changes;
    const { tools } = await connection.client.listTools(undefined, options);
    if (connection.changes !== before) return;
    connection.tools = tools;
    exposeAll();
  }

  const get = (serverId) => {
    const connection = serverId ? connections.get(serverId) : connections.values().next().value;
    if (!connection) throw new Error(`server ${serverId} is not connected`);
    return connection;
  };

  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      const connection = { target, client: undefined, tools: [], token: target.bearerToken, changes: 0 };
      connections.set(target.serverId, connection);
      await open(connection);
    },
    async callTool(name, args, serverId) {
      try {
        const result = await get(serverId).client.callTool({ name, arguments: args });
        return result.isError
          ? { ok: false, error: `tool returned isError: ${textOf(result)}` }
          : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
      }
    },
    async refresh(serverId) {
      // The user's re-list; a failure is shown to the user, as a host does.
      const connection = get(serverId);
      try {
        await list(connection, { cacheMode: 'refresh' });
      } catch (error) {
        observer.warning({ serverId, message: `refresh failed: ${error.message}` });
      }
    },
    async reconnect(serverId) {
      const connection = get(serverId);
      await connection.client.close().catch(() => {});
      await open(connection);
    },
    async reauthorize(serverId, bearerToken) {
      get(serverId).token = bearerToken;
    },
    async close() {
      await Promise.all([...connections.values()].map(({ client }) => client?.close().catch(() => {})));
    },
  };
}

export default {
  name: 'mcp-client-v2',
  kind: 'external',
  description: 'The official @modelcontextprotocol/client 2.4.0 Client, used as its README shows.',
  capabilities: {
    transports: ['http'],
    features: ['multi-server', 'bearer-auth', 'manual-refresh', 'reconnect', 'reauthorize'],
  },
  create: createAdapter,
};
