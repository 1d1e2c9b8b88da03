// toolshift driver (command program, Node 22): @openai/agents-core, used the way its README shows:
// an `MCPServerStreamableHttp({ url, name })` per server (`requestInit` headers for the bearer
// token), `await server.connect()`, one `Agent({ mcpServers })`; before each model request the
// tools are what the run loop asks for, `agent.getAllTools(runContext)` (it lists every server
// again: `cacheToolsList` is off by default), and a model's call runs the FunctionTool's `invoke`.
import { Agent, MCPServerStreamableHttp, RunContext } from '@openai/agents-core';
import { reportTools, runDriver } from '../command-loop.mjs';

/** serverId → { target, server } */
const connections = new Map();
const runContext = new RunContext({});
let agent;
/** The FunctionTools of the latest model request, by name, with the server each came from. */
let offered = new Map();

const get = (serverId) => {
  const connection = connections.get(serverId) ?? connections.values().next().value;
  if (!connection) throw new Error(`server ${serverId} is not connected`);
  return connection;
};

function open(connection) {
  const { target } = connection;
  connection.server = new MCPServerStreamableHttp({
    url: target.url,
    name: target.serverId,
    ...(connection.token
      ? { requestInit: { headers: { Authorization: `Bearer ${connection.token}` } } }
      : {}),
  });
  // Instrumentation only: remember which names each server listed last, to attribute the agent's tools.
  const listTools = connection.server.listTools.bind(connection.server);
  connection.server.listTools = async (...args) => {
    const tools = await listTools(...args);
    connection.tools = tools.map((tool) => tool.name);
    return tools;
  };
  agent = new Agent({
    name: 'toolshift-host',
    instructions: 'Use the tools.',
    mcpServers: [...connections.values()].map((c) => c.server),
  });
  return connection.server.connect();
}

/** What the run loop does before a model call: the agent's tools, every server listed again. */
async function agentTools() {
  const tools = await agent.getAllTools(runContext);
  const byServer = new Map([...connections.keys()].map((id) => [id, []]));
  offered = new Map();
  for (const tool of tools) {
    const serverId = serverOf(tool);
    offered.set(tool.name, { serverId, tool });
    byServer
      .get(serverId)
      ?.push({ name: tool.name, description: tool.description, inputSchema: tool.parameters });
  }
  for (const [serverId, list] of byServer) reportTools(serverId, list);
  return tools;
}

/** The server a tool came from, by the agent's server order, when the tool does not say. */
function serverOf(tool) {
  for (const [serverId, { tools }] of connections) if (tools?.includes(tool.name)) return serverId;
  return [...connections.keys()][0];
}

runDriver(
  {
    name: 'openai-agents-core',
    features: ['multi-server', 'bearer-auth', 'model-exposure', 'manual-refresh', 'reconnect'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
      const connection = { target, server: undefined, token: target.bearerToken };
      connections.set(target.serverId, connection);
      try {
        await open(connection);
      } catch (error) {
        throw Object.assign(error, { phase: 'connect' });
      }
      await agentTools();
    },
    async call({ serverId, tool, arguments: args }) {
      return { content: await get(serverId).server.callTool(tool, args) };
    },
    async refresh() {
      await agentTools();
    },
    async reconnect({ serverId }) {
      const connection = get(serverId);
      await connection.server.close().catch(() => {});
      await open(connection);
      await agentTools();
    },
    async 'model-request'() {
      const tools = await agentTools();
      return {
        tools: tools.map((tool) => {
          const { serverId } = offered.get(tool.name);
          return {
            name: tool.name,
            serverId,
            toolName: tool.name,
            description: tool.description,
            parameters: tool.parameters,
          };
        }),
        withheld: [],
      };
    },
    async 'model-call'({ name, arguments: args }) {
      const entry = offered.get(name);
      if (!entry) return { isError: true, text: `Tool ${name} not found in agent toolshift-host.` };
      const routedTo = { serverId: entry.serverId, toolName: name };
      try {
        const output = await entry.tool.invoke(runContext, JSON.stringify(args));
        return {
          isError: false,
          text: typeof output === 'string' ? output : JSON.stringify(output),
          routedTo,
        };
      } catch (error) {
        return { isError: true, text: String(error?.message ?? error), routedTo };
      }
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ server }) => server?.close()));
  },
);
