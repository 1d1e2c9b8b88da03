// toolshift driver (client module): the official @modelcontextprotocol/client v2 `Client`, used the
// way its README shows: one Client per server, `listChanged.tools.onChanged` for change handling,
// `listTools()` for the first list (it walks every page), `callTool()`, an `authProvider` for the
// bearer token, `versionNegotiation: { mode: 'auto' }` when the cell prefers 2026-07-28. The tool
// set the host hands the model is what listTools() and onChanged handed it, per server.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

function textOf(result) {
  return (result?.content ?? [])
    .map((part) => (part.type === 'text' ? part.text : JSON.stringify(part)))
    .join('\n');
}

function createAdapter() {
  /** serverId → { target, client, tools, token } */
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
    connection.tools = (await client.listTools()).tools;
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
      const connection = { target, client: undefined, tools: [], token: target.bearerToken };
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
        connection.tools = (await connection.client.listTools(undefined, { cacheMode: 'refresh' })).tools;
        exposeAll();
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
