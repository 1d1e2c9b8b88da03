// toolshift driver (client module): @langchain/mcp-adapters `MultiServerMCPClient`, used the way its
// README shows: one client built up front from every server of the cell (`mcpServers`, an http
// entry with an Authorization header per server; the README's defaults: no name prefix,
// throwOnLoadError), `await client.getTools()` for the LangChain tools handed to the agent, asked
// again before each model request (the library offers no other way to get the current tools), and
// a model's call runs as the README's agent (createReactAgent) runs it: LangGraph's ToolNode over the
// tools of the latest model request, which resolves the name, checks the input against the tool's
// schema, invokes the tool and turns the outcome (or its error) into the ToolMessage the model reads.
// `onToolsListChanged` is registered as the README shows.
import { AIMessage } from '@langchain/core/messages';
import { ToolNode } from '@langchain/langgraph/prebuilt';
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
      const node = new ToolNode(offered.map(({ tool }) => tool));
      const call = { id: 'call-1', name, args, type: 'tool_call' };
      const { messages } = await node.invoke({
        messages: [new AIMessage({ content: '', tool_calls: [call] })],
      });
      const message = messages[0];
      const text = textOf(message.content);
      // ToolNode runs the first tool of that name; a name it does not hold, or input its schema
      // rejects, never reaches a server.
      const entry = offered.find(({ tool }) => tool.name === name);
      const ran = entry && !/did not match expected schema/.test(text);
      return {
        isError: message.status === 'error',
        text,
        ...(ran ? { routedTo: { serverId: entry.serverId, toolName: name } } : {}),
      };
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
    // It connects through @modelcontextprotocol/sdk 1.x, which speaks only 2025-11-25.
    eras: ['legacy'],
  },
  create: createAdapter,
};
