// toolshift driver (command program, Node 22): @mastra/mcp `MCPClient`, used the way its README
// shows: one client built up front from every server of the cell (`servers: { id: { url,
// requestInit } }`, from TOOLSHIFT_SERVERS, as a host's configuration lists them), and
// `await client.listTools()` (tools namespaced `server_tool`) handed to a Mastra `Agent`, asked again
// before each model request. Model actions are agent turns against the cell's fake model provider:
// `new Agent({ model, tools: await client.listTools() }).generate(prompt)` with an AI SDK provider
// model (Mastra's documented model type) on the fake provider's base URL, so Mastra's own loop,
// schema compatibility layer and tool execution build what the model is offered and gets back; the
// harness reads it from the wire.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { reportTools, runDriver } from '../command-loop.mjs';
import { MODEL, modelApiKey, modelTarget, rememberModelTarget } from '../model-target.mjs';

const servers = JSON.parse(process.env.TOOLSHIFT_SERVERS ?? '[]');
let client;
/** The tools of the latest listing, by namespaced name. */
let listed = {};
const connected = new Set();

function build() {
  return new MCPClient({
    id: 'toolshift-host',
    servers: Object.fromEntries(
      servers.map((server) => [
        server.serverId,
        {
          url: new URL(server.url),
          ...(server.bearerToken
            ? { requestInit: { headers: { Authorization: `Bearer ${server.bearerToken}` } } }
            : {}),
        },
      ]),
    ),
  });
}

/** The JSON Schema a model is shown for a Mastra tool's input. */
function parametersOf(tool) {
  const schema = tool.inputSchema;
  if (!schema) return undefined;
  return schema.jsonSchema ?? schema['~standard']?.jsonSchema?.input?.({ target: 'draft-2020-12' }) ?? schema;
}

/** The server a namespaced tool belongs to (the longest server id that prefixes it). */
const serverOf = (name) =>
  [...connected].filter((id) => name.startsWith(`${id}_`)).sort((a, b) => b.length - a.length)[0];

/**
 * The AI SDK language model for the action's provider hint, on the fake provider: Chat Completions
 * (`openai.chat()`) for `openai` and `openai-strict` (neither Mastra nor the AI SDK has a strict
 * switch for MCP tools), `openai.responses()` for `openai-responses`, @ai-sdk/google for `gemini`,
 * @ai-sdk/anthropic for `anthropic`.
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

/**
 * What the host does before each model request: `await client.listTools()` (at connect,
 * `listToolsWithErrors()`, the README's way to learn that a server failed).
 */
async function listTools(connecting) {
  if (connecting) {
    const { tools, errors } = await client.listToolsWithErrors();
    if (errors[connecting]) throw Object.assign(new Error(errors[connecting]), { phase: 'connect' });
    listed = tools;
  } else listed = await client.listTools();
  const byServer = new Map([...connected].map((id) => [id, []]));
  for (const [name, tool] of Object.entries(listed)) {
    const serverId = serverOf(name);
    byServer.get(serverId)?.push({
      name: name.slice(serverId.length + 1),
      description: tool.description,
      inputSchema: parametersOf(tool),
    });
  }
  for (const [serverId, tools] of byServer) reportTools(serverId, tools);
}

runDriver(
  {
    name: 'mastra-mcp',
    features: ['multi-server', 'bearer-auth', 'agent-turn', 'manual-refresh'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
      rememberModelTarget(target);
      client ??= build();
      connected.add(target.serverId);
      await listTools(target.serverId);
    },
    async call({ serverId, tool, arguments: args }) {
      const tools = await client.listToolsets();
      const found = tools[serverId]?.[tool];
      if (!found) throw new Error(`${serverId} has no tool ${tool}`);
      return found.execute(args, {});
    },
    async refresh() {
      await listTools();
    },
    async 'agent-turn'({ prompt, provider = 'openai' }) {
      // The README's agent with the tools listed now; generate() runs Mastra's loop (the model's
      // tool calls executed and sent back) until the model answers in text.
      await listTools();
      const agent = new Agent({
        id: 'toolshift-host',
        name: 'toolshift-host',
        instructions: 'Use the tools.',
        model: languageModel(provider),
        tools: listed,
      });
      await agent.generate(prompt, { maxSteps: 8 });
    },
  },
  async () => {
    await client?.disconnect();
  },
);
