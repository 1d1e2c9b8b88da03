// toolshift driver (command program, Node 22): @ai-sdk/mcp `createMCPClient`, used the way its
// README and the AI SDK's MCP docs show: one client per server over `{ type: 'http', url, headers }`,
// and `await mcpClient.tools()` before each model request (the tools handed to generateText). The
// library receives no notifications ("It currently does not support in-band notifications from an MCP
// server"), so the host asks again before every model request. When a legacy session expires (the
// transport's `onSessionExpired`: "The transport clears the session id before reporting the
// underlying HTTP error"), the host does what the docs say: "Retry by creating a fresh client". The
// library has no multi-server client: the host merges the servers' tool sets into one `tools` object,
// and where two servers offer the same name it keys each as `<server>_<name>` (driver code, so a
// collision is never the library's). The model layer is the AI SDK's own, against the cell's fake
// model provider: an `agent-turn` is `generateText({ model, tools, prompt, stopWhen })` with the
// provider package the action's provider hint names (@ai-sdk/openai Chat Completions or Responses,
// @ai-sdk/anthropic, @ai-sdk/google) on the fake provider's base URL, so the SDK and its provider
// package build the model requests (their own schema handling), run the model's tool calls through
// the MCP client and send the results back; the harness reads all of it from the wire.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMCPClient } from '@ai-sdk/mcp';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';
import { reportTools, runDriver, send } from '../command-loop.mjs';
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
      onSessionExpired: () => {
        renew(connection).catch((error) =>
          send({ type: 'note', text: `creating a fresh client failed: ${error.message}` }),
        );
      },
    },
  });
}

/**
 * What the host does when the transport reports `onSessionExpired` (a legacy session answered 404):
 * it creates a fresh client, as the docs say ("When `onSessionExpired` is called, the transport has
 * already cleared the session id … Retry by creating a fresh client"). One renewal at a time.
 */
function renew(connection) {
  connection.renewal ??= (async () => {
    send({ type: 'note', text: `session of ${connection.target.serverId} expired; creating a fresh client` });
    await connection.client?.close().catch(() => {});
    await open(connection);
  })().finally(() => {
    connection.renewal = undefined;
  });
  return connection.renewal;
}

/**
 * Runs `operation` on the server's client; when it failed because the session expired (the client
 * was renewed meanwhile, see {@link renew}), runs it once more on the fresh client: "the request
 * still fails with the underlying HTTP error. Retry by creating a fresh client".
 */
async function withSession(connection, operation) {
  const client = connection.client;
  try {
    return await operation(client);
  } catch (error) {
    if (connection.renewal) await connection.renewal;
    if (connection.client === client) throw error;
    return operation(connection.client);
  }
}

/**
 * The merged tool set a host hands generateText: every server's `await mcpClient.tools()`, one
 * object; a name two servers offer is keyed `<server>_<name>` for each (the host's merge).
 */
async function toolSet() {
  for (const connection of connections.values()) await fetchTools(connection);
  const owners = new Map();
  for (const connection of connections.values())
    for (const name of Object.keys(connection.tools)) owners.set(name, (owners.get(name) ?? 0) + 1);
  const tools = {};
  for (const connection of connections.values())
    for (const [name, tool] of Object.entries(connection.tools))
      tools[owners.get(name) > 1 ? `${connection.target.serverId}_${name}` : name] = tool;
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
  connection.tools = await withSession(connection, (client) => client.tools());
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
      return withSession(get(serverId), (client) => client.callTool({ name: tool, arguments: args }));
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
