// toolshift driver (command program, Node 22): @ai-sdk/mcp `createMCPClient`, used the way its
// README shows: one client per server over `{ type: 'http', url, headers }`, and
// `await mcpClient.tools()` before each model request (the tools handed to generateText). The
// library has no list-changed handling, so the host asks again before every model request.
// Several servers' tool sets are merged as a host spreads them into one `tools` object for
// generateText. The model layer is the AI SDK's own: a model request is `generateText({ model,
// tools })` and reports the tools as the SDK hands them to the provider; a model's call is a
// generateText step whose model answers with that tool call, so the SDK resolves the name (its
// NoSuchToolError text for an unknown one), parses the input and runs the tool, and the model gets
// what the tool's `toModelOutput` makes of the result. The model is the `ai` package's own mock
// language model (MockLanguageModelV4 from `ai/test`), standing where a provider would.
import { createMCPClient } from '@ai-sdk/mcp';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { reportTools, runDriver } from '../command-loop.mjs';

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

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};
/** A model that records the tools each request offers it and answers with `content`. */
function mockModel(content, finish) {
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      model.offeredTools = options.tools ?? [];
      return { content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] };
    },
  });
  return model;
}

/** The text the model reads for a tool's model output (the SDK's ToolResultOutput). */
function modelText(output) {
  if (output.type === 'text' || output.type === 'error-text') return String(output.value);
  if (output.type === 'content')
    return output.value.map((part) => (part.type === 'text' ? part.text : JSON.stringify(part))).join('\n');
  return JSON.stringify(output.value);
}

/** The merged tool set a host hands generateText: `{ ...(await a.tools()), ...(await b.tools()) }`. */
async function toolSet() {
  offered = new Map();
  for (const connection of connections.values()) {
    await fetchTools(connection);
    for (const [name, tool] of Object.entries(connection.tools))
      offered.set(name, { serverId: connection.target.serverId, tool });
  }
  return Object.fromEntries([...offered].map(([name, { tool }]) => [name, tool]));
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
      const model = mockModel([{ type: 'text', text: 'ok' }], 'stop');
      await generateText({ model, tools: await toolSet(), prompt: 'Use the tools.' });
      return {
        tools: model.offeredTools.map((tool) => {
          const entry = offered.get(tool.name);
          return {
            name: tool.name,
            ...(entry ? { serverId: entry.serverId } : {}),
            toolName: entry?.tool.metadata?.toolName ?? tool.name,
            ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
            parameters: tool.inputSchema,
          };
        }),
        withheld: [],
      };
    },
    async 'model-call'({ name, arguments: args }) {
      // The model answers the latest request's tool set (no re-list) with a call of `name`.
      const tools = Object.fromEntries([...offered].map(([key, { tool }]) => [key, tool]));
      const call = { type: 'tool-call', toolCallId: 'call-1', toolName: name, input: JSON.stringify(args) };
      const result = await generateText({
        model: mockModel([call], 'tool-calls'),
        tools,
        prompt: 'Use the tools.',
        stopWhen: stepCountIs(1),
      });
      const part = result.steps[0]?.content.find(
        (each) => each.type === 'tool-result' || each.type === 'tool-error',
      );
      if (!part) throw new Error(`generateText produced no tool result for ${name}`);
      const entry = offered.get(name);
      const routedTo = entry
        ? { serverId: entry.serverId, toolName: entry.tool.metadata?.toolName ?? name }
        : undefined;
      if (part.type === 'tool-error') {
        // Only a tool that ran was routed: an unknown name or input the SDK rejected never left it.
        const ran = entry && !/NoSuchTool|InvalidToolInput/.test(part.error?.name ?? '');
        return {
          isError: true,
          text: String(part.error?.message ?? part.error),
          ...(ran ? { routedTo } : {}),
        };
      }
      const toModelOutput = entry?.tool.toModelOutput;
      const output = toModelOutput
        ? await toModelOutput({ toolCallId: 'call-1', input: part.input, output: part.output })
        : { type: 'json', value: part.output };
      return { isError: output.type.startsWith('error'), text: modelText(output), routedTo };
    },
  },
  async () => {
    await Promise.all([...connections.values()].map(({ client }) => client?.close()));
  },
);
