// toolshift driver (client module): mcp-use 1.34.6 (the last release whose package ships
// `MCPClient`/`MCPAgent`; 2.x no longer does), used the way its README's "Use MCP Client" section and
// its TypeScript client docs (docs/typescript/client/*.mdx at mcp-use@1.34.6) show: one `MCPClient`
// built up front from every server of the cell (`mcpServers: { id: { url, headers } }`),
// `await client.createAllSessions()`, `client.getSession(id)`, `session.listTools()` for the tools
// ("Use listTools() when you want fresh data", client/tools.mdx), `session.callTool()`, and
// `session.on("notification", …)` re-listing with `session.listTools()` on
// notifications/tools/list_changed (client/notifications.mdx, "Tools List Changed"). The tool set
// the host hands the model is what those listings returned, per server; of two results, the one
// from the later listing is kept.
import { MCPClient } from 'mcp-use';

const TOOLS_LIST_CHANGED = 'notifications/tools/list_changed';

function createAdapter() {
  let client;
  let starting;
  let observer;
  /** serverId → { session, tools, started, written }: listings started, and the latest written. */
  const connected = new Map();

  const exposeAll = () =>
    observer.exposure(
      [...connected.entries()].flatMap(([serverId, { tools }]) =>
        tools.map(({ name, description, inputSchema }) => ({ serverId, name, description, inputSchema })),
      ),
    );

  /**
   * `session.listTools()` into the server's tool set. The initial listing and the re-list on a
   * change notification write the same set; a listing's answer is written only if no listing
   * started after it has been written already (the later listing wins).
   */
  async function list(serverId) {
    const connection = connected.get(serverId);
    const order = ++connection.started;
    const tools = await connection.session.listTools();
    if (order < connection.written) return;
    connection.written = order;
    connection.tools = tools;
    exposeAll();
  }

  const get = (serverId) => {
    const connection = connected.get(serverId ?? [...connected.keys()][0]);
    if (!connection) throw new Error(`server ${serverId} is not connected`);
    return connection;
  };

  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      client ??= new MCPClient({
        mcpServers: Object.fromEntries(
          (target.cellServers ?? [target]).map((each) => [
            each.serverId,
            {
              url: each.url,
              ...(each.bearerToken ? { headers: { Authorization: `Bearer ${each.bearerToken}` } } : {}),
            },
          ]),
        ),
      });
      starting ??= client.createAllSessions();
      await starting;
      const session = client.getSession(target.serverId);
      if (!session) throw new Error(`mcp-use opened no session for ${target.serverId}`);
      connected.set(target.serverId, { session, tools: [], started: 0, written: 0 });
      session.on('notification', async (notification) => {
        if (notification.method !== TOOLS_LIST_CHANGED) return;
        try {
          await list(target.serverId);
        } catch (error) {
          observer.warning({ serverId: target.serverId, message: `refresh failed: ${error.message}` });
        }
      });
      await list(target.serverId);
    },
    async callTool(name, args, serverId) {
      try {
        const result = await get(serverId).session.callTool(name, args);
        return result.isError
          ? { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` }
          : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
      }
    },
    async refresh(serverId) {
      // The user's re-list; a failure is shown to the user, as a host does.
      try {
        await list(serverId ?? [...connected.keys()][0]);
      } catch (error) {
        observer.warning({ serverId, message: `refresh failed: ${error.message}` });
      }
    },
    async close() {
      await client?.closeAllSessions().catch(() => {});
    },
  };
}

export default {
  name: 'mcp-use',
  kind: 'external',
  description: 'mcp-use 1.34.6 MCPClient (the last release that ships a client), used as its README shows.',
  capabilities: {
    transports: ['http'],
    features: ['multi-server', 'bearer-auth', 'manual-refresh'],
    // 1.34.6 connects through its bundled @modelcontextprotocol/sdk 1.26.0, which speaks only 2025-11-25.
    eras: ['legacy'],
  },
  create: createAdapter,
};
