// toolshift driver (client module): the @modelcontextprotocol/sdk v1 `Client`, used the way its
// README and docs show: one Client per server over StreamableHTTPClientTransport (a bearer token in
// requestInit headers), the `listChanged.tools.onChanged` option for change handling (the
// ClientOptions.listChanged docstring), `callTool()`. v1's listTools() returns one page, so the host
// lists every page with the loop of docs/protocol.md "Pagination" (the driver's only host loop).
// v1 speaks only 2025-11-25. The model is offered what the host's listing and onChanged handed it,
// per server; of two results, the one from the later listing is kept (see `list`).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * Every page of tools/list, with the host loop of docs/protocol.md "Pagination" as written there
 * (`do { … } while (cursor)`): pass the previous page's nextCursor while there is one, nothing more
 * (no page cap, no repeated-cursor stop). Its `while (cursor)` ends at an empty-string cursor too,
 * which 2025-11-25, the only revision v1 speaks, gives no meaning.
 */
async function listAll(client) {
  const tools = [];
  let cursor;
  do {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
  } while (cursor);
  return tools;
}

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
        requestInit: connection.token ? { headers: { Authorization: `Bearer ${connection.token}` } } : {},
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
  async function list(connection) {
    const before = connection.changes;
    const tools = await listAll(connection.client);
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
        await list(connection);
      } catch (error) {
        observer.warning({ serverId, message: `refresh failed: ${error.message}` });
      }
    },
    async reconnect(serverId) {
      const connection = get(serverId);
      await connection.client.close().catch(() => {});
      await open(connection);
    },
    async close() {
      await Promise.all([...connections.values()].map(({ client }) => client?.close().catch(() => {})));
    },
  };
}

export default {
  name: 'mcp-sdk-v1',
  kind: 'external',
  description: 'The @modelcontextprotocol/sdk 1.32.2 Client, used as its README shows.',
  capabilities: {
    transports: ['http'],
    features: ['multi-server', 'bearer-auth', 'manual-refresh', 'reconnect'],
    eras: ['legacy'],
  },
  create: createAdapter,
};
