// toolshift driver (client module): @langchain/mcp-adapters `MultiServerMCPClient`, used the way its
// README (1.1.4) shows: one client built up front from every server of the cell (`mcpServers`, an
// http entry with an Authorization header per server; the README's defaults: no name prefix,
// throwOnLoadError), `await client.getTools()` for the LangChain tools handed to the agent, asked
// again before each model request (the library offers no other way to get the current tools), and
// the `onToolsListChanged` callback registered as its "Notifications and Progress" section shows.
// Model actions are agent turns as the README runs them: `createAgent({ model, tools })` from
// `langchain` and `agent.invoke({ messages })`, with LangChain's own chat model package for the
// action's provider (@langchain/openai, @langchain/anthropic, @langchain/google-genai) on the cell's
// fake model provider, so the tool conversion, the model requests, the agent's tool calls and the
// ToolMessages sent back are the libraries' work, read by the harness from the wire.
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';

/** The model name sent to the fake provider (it serves any name), and the fake API key. */
const MODEL = 'toolshift-model';
const API_KEY = 'toolshift-fake-model-key';

/**
 * LangChain's chat model for the action's provider hint, on the fake provider (`ConnectTarget.model`):
 * ChatOpenAI on Chat Completions for `openai`, its Responses API for `openai-responses`, its own strict
 * switch (`supportsStrictToolCalling`, which bindTools() turns into `strict: true`) for `openai-strict`;
 * ChatAnthropic for `anthropic`; ChatGoogleGenerativeAI for `gemini`.
 */
function chatModel(provider, target) {
  if (provider.startsWith('gemini'))
    return new ChatGoogleGenerativeAI({
      model: MODEL,
      apiKey: API_KEY,
      baseUrl: target.gemini,
      maxRetries: 0,
    });
  if (provider.startsWith('anthropic'))
    return new ChatAnthropic({
      model: MODEL,
      apiKey: API_KEY,
      anthropicApiUrl: target.anthropic,
      maxRetries: 0,
    });
  return new ChatOpenAI({
    model: MODEL,
    apiKey: API_KEY,
    configuration: { baseURL: target.openai },
    maxRetries: 0,
    ...(provider === 'openai-responses' ? { useResponsesApi: true } : {}),
    ...(provider === 'openai-strict' ? { supportsStrictToolCalling: true } : {}),
  });
}

function createAdapter() {
  let client;
  let starting;
  let observer;
  /** serverId → the LangChain tools getTools(serverId) returned last. */
  const perServer = new Map();
  const connected = new Set();
  /** The cell's fake model provider, from the first connect that names it. */
  let modelTarget;

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
      modelTarget ??= target.model;
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
    async agentTurn({ prompt, provider = 'openai' }) {
      if (!modelTarget) throw new Error('the harness gave no model provider (ConnectTarget.model)');
      // The README's loop: the tools as getTools() returns them now, one agent run (the model's
      // calls run by the agent's tool node and sent back) until the model answers in text. The
      // README writes `createAgent({ llm: model, tools })`; langchain 1.5's createAgent takes the
      // chat model as `model` (it throws "`model` option is required" without it).
      await fetchTools();
      const tools = [...perServer.values()].flat();
      const agent = createAgent({ model: chatModel(provider, modelTarget), tools });
      await agent.invoke({ messages: [{ role: 'user', content: prompt }] }, { recursionLimit: 16 });
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
    features: ['multi-server', 'bearer-auth', 'agent-turn', 'manual-refresh'],
    // It connects through @modelcontextprotocol/sdk 1.x, which speaks only 2025-11-25.
    eras: ['legacy'],
  },
  create: createAdapter,
};
