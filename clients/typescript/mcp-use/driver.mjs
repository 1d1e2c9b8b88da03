// toolshift driver (client module): mcp-use 1.34.6 (the last release whose package ships
// `MCPClient`/`MCPAgent`; 2.x no longer does), used the way its README's "Use MCP Client" section
// shows: one `MCPClient` built up front from every server of the cell (`mcpServers: { id: { url,
// headers } }`), `await client.createAllSessions()`, `client.getSession(id)`, `session.callTool()`.
// The tool set the host hands the model is the session connector's `tools`, which mcp-use keeps
// current itself (it re-lists on notifications/tools/list_changed).
import { BaseConnector, MCPClient } from 'mcp-use';

// Instrumentation only: the host reads a connector's tools when its list_changed refresh finishes.
// Hooked on the class before any session exists, so a refresh that starts while createAllSessions()
// is still settling (a change announced right after the first listing) is not missed.
const refreshListeners = new Set();
const refreshToolsCache = BaseConnector.prototype.refreshToolsCache;
BaseConnector.prototype.refreshToolsCache = async function (...args) {
  await refreshToolsCache.apply(this, args);
  for (const listener of refreshListeners) listener(this);
};

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

  /** A connector of this client refreshed its tools: the host reads them again. */
  const onRefresh = (connector) => {
    if ([...connected].some((serverId) => client.getSession(serverId)?.connector === connector)) exposeAll();
  };

  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      // The connector re-lists on list_changed by itself; the host reads its cache when it changes.
      refreshListeners.add(onRefresh);
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
      refreshListeners.delete(onRefresh);
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
