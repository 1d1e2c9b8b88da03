// toolshift driver (command program, Node 22): @ai-sdk/mcp `createMCPClient`, used the way its
// README shows: one client per server over `{ type: 'http', url, headers }`, and
// `await mcpClient.tools()` before each model request (the tools handed to generateText). The
// library has no list-changed handling, so the host asks again before every model request; a
// model's call runs the tool's own `execute`. Several servers' tool sets are merged as a host
// spreads them into one `tools` object for generateText.
import { createMCPClient } from '@ai-sdk/mcp';
import { reportTools, runDriver, textOf } from '../command-loop.mjs';

/** serverId → { target, client, tools (the AI SDK tool set, by name) } */
const connections = new Map();
/** The merged tool set of the latest model request: model-facing name → { serverId, tool }. */
let offered = new Map();

const get = (serverId) => {
  const connection = connections.get(serverId) ?? connections.values().next().value;
  if (!connection) throw new Error(`server ${serverId} is not connected`);
  return connection;
};

async function open(connection) {
  const { target } = connection;
  connection.client = await createMCPClient({
    transport: {
      type: 'http',
      url: target.url,
      ...(connection.token ? { headers: { Authorization: `Bearer ${connection.token}` } } : {}),
    },
  });
}

/** What the host does before each model request: `await mcpClient.tools()` for one server. */
async function fetchTools(connection) {
  connection.tools = await connection.client.tools();
  reportTools(
    connection.target.serverId,
    Object.entries(connection.tools).map(([name, tool]) => ({
      name,
      description: tool.description,
      inputSchema: tool.inputSchema?.jsonSchema,
    })),
  );
}

runDriver(
  {
    name: 'ai-sdk-mcp',
    features: ['multi-server', 'bearer-auth', 'model-exposure', 'manual-refresh', 'reconnect'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
      const connection = { target, client: undefined, tools: {}, token: target.bearerToken };
      connections.set(target.serverId, connection);
      try {
        await open(connection);
      } catch (error) {
        throw Object.assign(error, { phase: 'connect' });
      }
      await fetchTools(connection);
    },
    async call({ serverId, tool, arguments: args }) {
      return get(serverId).client.callTool({ name: tool, arguments: args });
    },
    async refresh({ serverId }) {
      await fetchTools(get(serverId));
    },
    async reconnect({ serverId }) {
      const connection = get(serverId);
      await connection.client.close().catch(() => {});
      await open(connection);
      await fetchTools(connection);
    },
    async 'model-request'() {
      // const tools = { ...(await a.tools()), ...(await b.tools()) }: later servers win a name.
      offered = new Map();
      for (const connection of connections.values()) {
        await fetchTools(connection);
        for (const [name, tool] of Object.entries(connection.tools))
          offered.set(name, { serverId: connection.target.serverId, tool });
      }
      return {
        tools: [...offered.entries()].map(([name, { serverId, tool }]) => ({
          name,
          serverId,
          toolName: tool.metadata?.toolName ?? name,
          ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
          parameters: tool.inputSchema?.jsonSchema,
        })),
        withheld: [],
      };
    },
    async 'model-call'({ name, arguments: args }) {
      const entry = offered.get(name);
      if (!entry) return { isError: true, text: `Model tried to call unavailable tool '${name}'.` };
      const routedTo = { serverId: entry.serverId, toolName: entry.tool.metadata?.toolName ?? name };
      try {
        const result = await entry.tool.execute(args, { toolCallId: 'call-1', messages: [] });
        return { isError: result?.isError === true, text: textOf(result), routedTo };
      } catch (error) {
        return { isError: true, text: String(error?.message ?? error), routedTo };
      }
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ client }) => client?.close()));
  },
);
