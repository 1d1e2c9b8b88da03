// toolshift driver (client module): mcp-use 1.34.6 (the last release whose package ships
// `MCPClient`/`MCPAgent`; 2.x no longer does), used the way its README's "Use MCP Client" section
// shows: one `MCPClient` built up front from every server of the cell (`mcpServers: { id: { url,
// headers } }`), `await client.createAllSessions()`, `client.getSession(id)`, `session.callTool()`.
// The tool set the host hands the model is the session connector's `tools`, which mcp-use keeps
// current itself (it re-lists on notifications/tools/list_changed).
import { MCPClient } from 'mcp-use';

function createAdapter() {
  let client;
  let starting;
  let observer;
  const connected = new Set();

  const exposeAll = () =>
    observer.exposure(
      [...connected].flatMap((serverId) => {
        const tools = client.getSession(serverId)?.connector.tools ?? [];
        return tools.map(({ name, description, inputSchema }) => ({
          serverId,
          name,
          description,
          inputSchema,
        }));
      }),
    );

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
      if (!client.getSession(target.serverId))
        throw new Error(`mcp-use opened no session for ${target.serverId}`);
      connected.add(target.serverId);
      exposeAll();
      // The connector re-lists on list_changed by itself; the host reads its cache when it changes.
      const session = client.getSession(target.serverId);
      const original = session.connector.refreshToolsCache?.bind(session.connector);
      if (original)
        session.connector.refreshToolsCache = async (...args) => {
          await original(...args);
          exposeAll();
        };
    },
    async callTool(name, args, serverId) {
      try {
        const result = await client.getSession(serverId ?? [...connected][0]).callTool(name, args);
        return result.isError
          ? { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` }
          : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
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
    features: ['multi-server', 'bearer-auth'],
    // 1.34.6 connects through its bundled @modelcontextprotocol/sdk 1.26.0, which speaks only 2025-11-25.
    eras: ['legacy'],
  },
  create: createAdapter,
};
