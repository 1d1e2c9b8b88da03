// toolshift driver (client module): the @modelcontextprotocol/sdk v1 `Client`, used the way its
// README and docs/client.md show: one Client per server over StreamableHTTPClientTransport (a
// bearer token in requestInit headers), the `listChanged.tools.onChanged` option for change
// handling, `listTools()` for the first list (the host follows `nextCursor`, as the result asks),
// `callTool()`. v1 speaks only 2025-11-25. The model is offered what listTools() and onChanged
// handed the host, per server.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * Every page of tools/list, following nextCursor as the result asks (v1's listTools() returns one
 * page): the host's loop. It stops at a cursor it has already sent, and after three pages in a row
 * that bring no tool it has not seen in this listing (a server handing out fresh cursors for the
 * same page), and it keeps such a page's tools once, so neither a repeated nor an ever-new cursor
 * can keep it listing or double its tools.
 */
async function listAll(client) {
  const tools = [];
  const names = new Set();
  const seen = new Set();
  let cursor;
  let pagesWithoutNews = 0;
  for (;;) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    const news = result.tools.some((tool) => !names.has(tool.name));
    if (news || result.tools.length === 0) {
      tools.push(...result.tools);
      for (const tool of result.tools) names.add(tool.name);
    }
    pagesWithoutNews = news || result.tools.length === 0 ? 0 : pagesWithoutNews + 1;
    if (result.nextCursor === undefined || seen.has(result.nextCursor) || pagesWithoutNews >= 3) break;
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  return tools;
}

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
        requestInit: connection.token ? { headers: { Authorization: `Bearer ${connection.token}` } } : {},
      }),
    );
    connection.tools = await listAll(client);
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
        connection.tools = await listAll(connection.client);
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
