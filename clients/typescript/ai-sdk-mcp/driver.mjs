// toolshift driver (command program, Node 22): @ai-sdk/mcp `createMCPClient`, used the way its
// README shows: one client per server over `{ type: 'http', url, headers }`, and
// `await mcpClient.tools()` before each model request (the tools handed to generateText). The
// library has no list-changed handling, so the host asks again before every model request.
// Several servers' tool sets are merged as a host spreads them into one `tools` object for
// generateText. The model layer is the AI SDK's own, against the cell's fake model provider: an
// `agent-turn` is `generateText({ model, tools, prompt, stopWhen })` with the provider package the
// action's provider hint names (@ai-sdk/openai Chat Completions or Responses, @ai-sdk/anthropic,
// @ai-sdk/google) on the fake provider's base URL, so the SDK and its provider package build the
// model requests (their own schema handling), run the model's tool calls through the MCP client and
// send the results back; the harness reads all of it from the wire.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMCPClient } from '@ai-sdk/mcp';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';
import { reportTools, runDriver } from '../command-loop.mjs';
import { MODEL, modelApiKey, modelTarget, rememberModelTarget } from '../model-target.mjs';

/** serverId → { target, client, tools (the AI SDK tool set, by name) } */
const connections = new Map();

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

/** The merged tool set a host hands generateText: `{ ...(await a.tools()), ...(await b.tools()) }`. */
async function toolSet() {
  let tools = {};
  for (const connection of connections.values()) {
    await fetchTools(connection);
    tools = { ...tools, ...connection.tools };
  }
  return tools;
}

/**
 * The AI SDK language model for the action's provider hint, on the fake provider. The OpenAI
 * provider's default is the Responses API; a host picks Chat Completions with `openai.chat()`, as
 * the hint `openai` asks. `openai-strict` gets the same Chat Completions model: the AI SDK's only
 * strict switch for function tools is `tool({ strict: true })`, which @ai-sdk/mcp's `tools()` does
 * not set, so a host of this library sends what the library sends.
 */
function languageModel(provider) {
  const target = modelTarget();
  if (provider.startsWith('gemini'))
    return createGoogleGenerativeAI({
      baseURL: `${target.gemini}/v1beta`,
      apiKey: modelApiKey('GEMINI_API_KEY'),
    })(MODEL);
  if (provider.startsWith('anthropic'))
    return createAnthropic({ baseURL: `${target.anthropic}/v1`, apiKey: modelApiKey('ANTHROPIC_API_KEY') })(
      MODEL,
    );
  const openai = createOpenAI({ baseURL: target.openai, apiKey: modelApiKey() });
  return provider === 'openai-responses' ? openai.responses(MODEL) : openai.chat(MODEL);
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
    features: ['multi-server', 'bearer-auth', 'agent-turn', 'manual-refresh', 'reconnect'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
      rememberModelTarget(target);
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
    async 'agent-turn'({ prompt, provider }) {
      // One turn of the README's agent loop: the model's tool calls are run and sent back until it
      // answers in text (bounded by stopWhen); the provider's errors reach the harness as the failure.
      await generateText({
        model: languageModel(provider ?? 'openai'),
        tools: await toolSet(),
        prompt,
        stopWhen: stepCountIs(8),
        maxRetries: 0,
      });
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ client }) => client?.close()));
  },
);
