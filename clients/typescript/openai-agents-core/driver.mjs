// toolshift driver (command program, Node 22): @openai/agents-core, used the way its README shows:
// an `MCPServerStreamableHttp({ url, name })` per server (`requestInit` headers for the bearer
// token), `await server.connect()`, one `Agent({ mcpServers })`; before each model request the
// tools are what the run loop asks for, `agent.getAllTools(runContext)` (it lists every server
// again: `cacheToolsList` is off by default). The model layer is the SDK's own Runner: a model
// request is one turn of `runner.run(agent, …)` and reports the tools as the Runner serializes them
// for the model; a model's call is a turn whose model answers with that function call, resolved and
// run by the Runner against the FunctionTools of the latest model request (its default
// toolNotFoundBehavior, its error function), and the model gets the function_call_result it builds.
// The model is a Model object of ours standing where a provider would: it records the request and
// answers with the scripted output.
import {
  Agent,
  MCPServerStreamableHttp,
  RunContext,
  Runner,
  RunToolCallOutputItem,
  Usage,
} from '@openai/agents-core';
import { reportTools, runDriver } from '../command-loop.mjs';

/** serverId → { target, server } */
const connections = new Map();
const runContext = new RunContext({});
let agent;
/** The text of the SDK's defaultToolErrorFunction: what the model gets when a tool call throws. */
const DEFAULT_TOOL_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';
const runner = new Runner({ tracingDisabled: true });
/** What the model answers next (a final message unless a call is scripted). */
const answers = [];
/** The tools the Runner sent in its latest model request (serialized for the model). */
let requestTools = [];
const finalMessage = [
  { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'ok' }] },
];
const model = {
  async getResponse(request) {
    requestTools = request.tools ?? [];
    return { usage: new Usage(), output: answers.shift() ?? finalMessage, responseId: 'response-1' };
  },
  // biome-ignore lint/correctness/useYield: the Runner is never asked to stream here.
  async *getStreamedResponse() {
    throw new Error('streaming is not used');
  },
};
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
    model,
    mcpServers: [...connections.values()].map((c) => c.server),
  });
  // Instrumentation only: keep the FunctionTools the Runner fetched for its latest model request.
  const getAllTools = agent.getAllTools.bind(agent);
  agent.getAllTools = async (...args) => noteTools(await getAllTools(...args));
  return connection.server.connect();
}

/** What the run loop does before a model call: the agent's tools, every server listed again. */
async function agentTools() {
  return agent.getAllTools(runContext);
}

/** Records (and reports per server) the tools the agent was just given. */
function noteTools(tools) {
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
      await runner.run(agent, 'Use the tools.', { maxTurns: 1 });
      return {
        tools: requestTools.map((tool) => {
          const entry = offered.get(tool.name);
          return {
            name: tool.name,
            ...(entry ? { serverId: entry.serverId } : {}),
            toolName: tool.name,
            ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
            parameters: tool.parameters,
          };
        }),
        withheld: [],
      };
    },
    async 'model-call'({ name, arguments: args }) {
      // The model answers the latest request: the Runner resolves its call against that request's
      // FunctionTools (an agent holding exactly them), then asks the model again, which ends the turn.
      const latest = new Agent({
        name: agent.name,
        instructions: 'Use the tools.',
        model,
        tools: [...offered.values()].map(({ tool }) => tool),
      });
      answers.push([
        {
          type: 'function_call',
          callId: 'call-1',
          name,
          arguments: JSON.stringify(args),
          status: 'completed',
        },
      ]);
      const result = await runner.run(latest, 'Use the tools.', { maxTurns: 2 }).finally(() => {
        answers.length = 0;
      });
      const item = result.newItems.find((each) => each instanceof RunToolCallOutputItem);
      if (!item) throw new Error(`the Runner produced no function_call_result for ${name}`);
      const output = item.rawItem.output;
      const entry = offered.get(name);
      const text =
        typeof output === 'string' ? output : output?.type === 'text' ? output.text : JSON.stringify(output);
      return {
        // A function_call_result has no error flag: the SDK tells the model a call failed only by
        // its error function's text (the default one, dist/tool.mjs defaultToolErrorFunction).
        isError: text === DEFAULT_TOOL_ERROR_TEXT,
        text,
        ...(entry ? { routedTo: { serverId: entry.serverId, toolName: name } } : {}),
      };
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ server }) => server?.close()));
  },
);
