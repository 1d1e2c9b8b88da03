// toolshift driver (command program, Node 22): @mastra/mcp `MCPClient`, used the way its docs show:
// one client built up front from every server of the cell (`servers: { id: { url, requestInit } }`,
// from TOOLSHIFT_SERVERS, as a host's configuration lists them); `await client.listTools()` (tools
// namespaced `server_tool`) handed to a Mastra `Agent`; and, per server, the documented change hook
// `await client.tools.onListChanged(server, async () => { tools = await client.listTools() })`
// (reference "tools Property": "You should re-fetch the tools"), registered before the first listing.
// On a 2026-07-28 server the hook opens the library's `subscriptions/listen` stream; on a 2025-11-25
// one the library rejects it (migration guide v2: "list-changed handlers … throw an error naming the
// negotiated revision"), which the driver reports as a note and goes on. Listings run one after
// another, so the latest one started is the one the host keeps (a change during the first listing
// is not overwritten by it). Model actions are agent turns against the cell's fake model provider:
// `new Agent({ model, tools }).generate(prompt)` with the tools the host holds and an AI SDK provider
// model (Mastra's documented model type) on the fake provider's base URL, so Mastra's own loop,
// schema compatibility layer and tool execution build what the model is offered and gets back; the
// harness reads it from the wire.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { reportTools, runDriver, send } from '../command-loop.mjs';
import { MODEL, modelApiKey, modelTarget, rememberModelTarget } from '../model-target.mjs';

const servers = JSON.parse(process.env.TOOLSHIFT_SERVERS ?? '[]');
let client;
/** The tools the host holds (the latest listing), by namespaced name. */
let listed = {};
const connected = new Set();
/** The listings, one after another: each writes `listed` in the order it was started. */
let listings = Promise.resolve();

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

/** Reports the tools the host holds, per connected server. */
function report() {
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

/**
 * `listed = await client.listTools()`, queued after the listings already started. At connect,
 * `listToolsWithErrors()`, the docs' way to learn that a server failed.
 */
function relist(connecting) {
  const listing = listings.then(async () => {
    if (connecting) {
      const { tools, errors } = await client.listToolsWithErrors();
      if (errors[connecting]) throw Object.assign(new Error(errors[connecting]), { phase: 'connect' });
      listed = tools;
    } else listed = await client.listTools();
    report();
  });
  listings = listing.catch(() => {});
  return listing;
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
      // The documented change hook, registered before the first listing ("Register handlers before
      // subscribing so nothing is missed"), re-fetching the tools as the reference's example does.
      await client.tools
        .onListChanged(target.serverId, async () => {
          await relist().catch((error) =>
            send({ type: 'note', text: `re-listing failed: ${error.message}` }),
          );
        })
        .catch((error) =>
          send({
            type: 'note',
            text: `tools.onListChanged('${target.serverId}') rejected: ${error.cause?.message ?? error.message}`,
          }),
        );
      await relist(target.serverId);
    },
    async call({ serverId, tool, arguments: args }) {
      const found = listed[`${serverId}_${tool}`];
      if (!found) throw new Error(`${serverId} has no tool ${tool}`);
      return found.execute(args, {});
    },
    async refresh() {
      await relist();
    },
    async 'agent-turn'({ prompt, provider = 'openai' }) {
      // The docs' agent with the tools the host holds (the latest listing, after any listing still
      // running); generate() runs Mastra's loop (the model's tool calls executed and sent back)
      // until the model answers in text.
      await listings;
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
