// toolshift driver (command program, Node 22): @openai/agents-core, used the way its README shows:
// an `MCPServerStreamableHttp({ url, name })` per server (`requestInit` headers for the bearer
// token), `await server.connect()`, one `Agent({ mcpServers })`; before each model request the
// tools are what the run loop asks for, `agent.getAllTools(runContext)` (it lists every server
// again: `cacheToolsList` is off by default). Model actions are agent turns against the cell's fake
// model provider: `runner.run(agent, prompt)` with the SDK's own OpenAI model (@openai/agents-openai,
// OpenAIChatCompletionsModel, or OpenAIResponsesModel for `openai-responses`) on an `OpenAI` client
// whose base URL is the fake provider, so the Runner converts the MCP tools (mcpToFunctionTool),
// builds the model requests, runs the model's calls through the MCP servers and sends the results
// back; the harness reads it all from the wire.
import { Agent, MCPServerStreamableHttp, RunContext, Runner } from '@openai/agents-core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@openai/agents-openai';
import OpenAI from 'openai';
import { reportTools, runDriver } from '../command-loop.mjs';
import { MODEL, modelApiKey, modelTarget, rememberModelTarget } from '../model-target.mjs';

/** serverId → { target, server } */
const connections = new Map();
const runContext = new RunContext({});
let agent;
const runner = new Runner({ tracingDisabled: true });

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
  agent = hostAgent();
  return connection.server.connect();
}

/**
 * The host's Agent on every server; `model` and `mcpConfig` as an agent turn sets them (the
 * SDK's `mcpConfig.convertSchemasToStrict` is its own strict mode, off by default).
 */
function hostAgent(model, mcpConfig = {}) {
  const created = new Agent({
    name: 'toolshift-host',
    instructions: 'Use the tools.',
    ...(model ? { model } : {}),
    mcpServers: [...connections.values()].map((c) => c.server),
    mcpConfig,
  });
  // Instrumentation only: report the tools the Runner fetched for a model request, per server.
  const getAllTools = created.getAllTools.bind(created);
  created.getAllTools = async (...args) => noteTools(await getAllTools(...args));
  return created;
}

/**
 * The SDK's OpenAI model for the action's provider hint, on the fake provider. The SDK speaks
 * OpenAI's APIs only: Chat Completions for every hint but `openai-responses` (a `gemini` or
 * `anthropic` hint takes the documented route to other providers, an OpenAI-compatible endpoint).
 */
function openAIModel(provider) {
  const client = new OpenAI({ baseURL: modelTarget().openai, apiKey: modelApiKey(), maxRetries: 0 });
  return provider === 'openai-responses'
    ? new OpenAIResponsesModel(client, MODEL)
    : new OpenAIChatCompletionsModel(client, MODEL);
}

/** What the run loop does before a model call: the agent's tools, every server listed again. */
async function agentTools() {
  return agent.getAllTools(runContext);
}

/** Records (and reports per server) the tools the agent was just given. */
function noteTools(tools) {
  const byServer = new Map([...connections.keys()].map((id) => [id, []]));
  for (const tool of tools) {
    byServer
      .get(serverOf(tool))
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
    features: ['multi-server', 'bearer-auth', 'agent-turn', 'manual-refresh', 'reconnect'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
      rememberModelTarget(target);
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
    async 'agent-turn'({ prompt, provider = 'openai' }) {
      // One run of the README's loop: the model's calls are run and sent back until it answers in
      // text; a provider error ends the run and reaches the harness as the turn's failure.
      const turnAgent = hostAgent(openAIModel(provider), {
        convertSchemasToStrict: provider === 'openai-strict',
      });
      await runner.run(turnAgent, prompt, { maxTurns: 8 });
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ server }) => server?.close()));
  },
);
