// toolshift driver (command program, Node 22): @mastra/mcp `MCPClient`, used the way its README
// shows: one client built up front from every server of the cell (`servers: { id: { url,
// requestInit } }`, from TOOLSHIFT_SERVERS, as a host's configuration lists them), and
// `await client.listTools()` (tools namespaced `server_tool`) for the agent, asked again before each
// model request; a model's call runs the Mastra tool's own `execute`.
import { MCPClient } from '@mastra/mcp';
import { reportTools, runDriver, textOf } from '../command-loop.mjs';

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
    features: ['multi-server', 'bearer-auth', 'model-exposure', 'manual-refresh'],
  },
  {
    async connect(target) {
      if (target.transport !== 'http') throw new Error('http only');
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
    async 'model-request'() {
      await listTools();
      return {
        tools: Object.entries(listed).map(([name, tool]) => {
          const serverId = serverOf(name);
          return {
            name,
            serverId,
            toolName: name.slice(serverId.length + 1),
            description: tool.description,
            parameters: parametersOf(tool),
          };
        }),
        withheld: [],
      };
    },
    async 'model-call'({ name, arguments: args }) {
      const tool = listed[name];
      if (!tool) {
        // The error Mastra's agent loop hands the model for a name its step tools lack
        // (dist/agent-*.js tool-call step: ToolNotFoundError with the available tools).
        const available = Object.keys(listed);
        const list = available.length > 0 ? ` Available tools: ${available.join(', ')}` : '';
        return {
          isError: true,
          text: `Tool "${name}" not found.${list}. Call tools by their exact name only — never add prefixes, namespaces, or colons.`,
        };
      }
      const serverId = serverOf(name);
      const routedTo = { serverId, toolName: name.slice(serverId.length + 1) };
      try {
        const output = await tool.execute(args, {});
        const text = output?.content
          ? textOf(output)
          : typeof output === 'string'
            ? output
            : JSON.stringify(output);
        return { isError: output?.isError === true || output instanceof Error, text, routedTo };
      } catch (error) {
        return { isError: true, text: String(error?.message ?? error), routedTo };
      }
    },
  },
  async () => {
    await client?.disconnect();
  },
);
