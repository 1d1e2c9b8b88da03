// toolshift driver (client module): @langchain/mcp-adapters `MultiServerMCPClient`, used the way its
// README shows: one client built up front from every server of the cell (`mcpServers`, an http
// entry with an Authorization header per server; the README's defaults: no name prefix,
// throwOnLoadError), `await client.getTools()` for the LangChain tools handed to the agent, asked
// again before each model request (the library offers no other way to get the current tools), and
// `tool.invoke(args)` for a model's call. `onToolsListChanged` is registered as the README shows.
import { MultiServerMCPClient } from '@langchain/mcp-adapters';

const textOf = (output) => {
  const content =
    Array.isArray(output) && output.length === 2 && Array.isArray(output[1]) ? output[0] : output;
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (typeof part === 'string' ? part : (part.text ?? JSON.stringify(part))))
      .join('\n');
  return JSON.stringify(content);
};

function createAdapter() {
  let client;
  let starting;
  let observer;
  /** serverId → the LangChain tools getTools(serverId) returned last. */
  const perServer = new Map();
  /** The flat tool list of the latest model request, with the server each came from. */
  let offered = [];
  const connected = new Set();

  const exposeAll = () =>
    observer.exposure(
      [...perServer.entries()].flatMap(([serverId, tools]) =>
        tools.map((tool) => ({
          serverId,
          name: tool.name,
          description: tool.description,
          inputSchema: tool.schema,
        })),
      ),
    );

  /** What the host does to get the tools: getTools() per server it knows. */
  async function fetchTools() {
    for (const serverId of connected) perServer.set(serverId, await client.getTools(serverId));
    exposeAll();
  }

  function build(targets) {
    return new MultiServerMCPClient({
      throwOnLoadError: true,
      prefixToolNameWithServerName: false,
      additionalToolNamePrefix: '',
      useStandardContentBlocks: true,
      mcpServers: Object.fromEntries(
        targets.map((target) => [
          target.serverId,
          {
            url: target.url,
            ...(target.bearerToken ? { headers: { Authorization: `Bearer ${target.bearerToken}` } } : {}),
          },
        ]),
      ),
      onToolsListChanged: (source) => observer?.note(`onToolsListChanged from ${source.server}`),
    });
  }

  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      // The host's configuration lists every server; the client is built once, up front.
      client ??= build(target.cellServers ?? [target]);
      starting ??= client.initializeConnections();
      await starting;
      connected.add(target.serverId);
      await fetchTools();
    },
    async callTool(name, args, serverId) {
      try {
        const mcp = await client.getClient(serverId ?? [...connected][0]);
        const result = await mcp.callTool({ name, arguments: args });
        return result.isError
          ? { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` }
          : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
      }
    },
    async modelRequest() {
      await fetchTools();
      offered = [...perServer.entries()].flatMap(([serverId, tools]) =>
        tools.map((tool) => ({ serverId, tool })),
      );
      return {
        tools: offered.map(({ serverId, tool }) => ({
          name: tool.name,
          serverId,
          toolName: tool.name,
          description: tool.description,
          parameters: tool.schema,
        })),
        withheld: [],
      };
    },
    async modelCall(name, args) {
      // The agent runs the first tool with that name (a ToolNode keys tools by name).
      const entry = offered.find(({ tool }) => tool.name === name);
      if (!entry) return { isError: true, text: `Tool "${name}" not found.` };
      const routedTo = { serverId: entry.serverId, toolName: name };
      try {
        return { isError: false, text: textOf(await entry.tool.invoke(args)), routedTo };
      } catch (error) {
        return { isError: true, text: String(error?.message ?? error), routedTo };
      }
    },
    async refresh() {
      await fetchTools();
    },
    async close() {
      await client?.close().catch(() => {});
    },
  };
}

export default {
  name: 'langchain-mcp-adapters',
  kind: 'external',
  description: '@langchain/mcp-adapters 1.1.4 MultiServerMCPClient, used as its README shows.',
  capabilities: {
    transports: ['http'],
    features: ['multi-server', 'bearer-auth', 'model-exposure', 'manual-refresh'],
  },
  create: createAdapter,
};
