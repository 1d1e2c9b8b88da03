// A small agent host written the way the providers' docs show it: the official MCP client
// (@modelcontextprotocol/client) for the tools, and the official `openai` SDK running the
// Chat Completions tool loop. It has no `model-exposure` code: it declares `agent-turn`, points its
// OpenAI client at the cell's fake model provider (`target.model.openai`), and toolshift judges what
// the model is offered from the requests it sends.
//
//   pnpm toolshift run --client-module packages/scenarios/examples/agent-host/openai-agent-host.mjs --transport http
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import OpenAI from 'openai';

/** Most model requests one turn may send (a host's guard against a model that never stops calling). */
const MAX_STEPS = 8;

/** OpenAI's function-name rule: ^[a-zA-Z0-9_-]+$, at most 64 characters. */
const MAX_NAME = 64;
/** OpenAI's limit on tools per request. */
const MAX_TOOLS = 128;

/** A short stable hash of a string (FNV-1a), to keep shortened names apart. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** A name OpenAI accepts: other characters become `_`, and a name too long keeps its start plus a hash. */
function providerName(name) {
  const clean = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  return clean.length <= MAX_NAME ? clean : `${clean.slice(0, MAX_NAME - 9)}_${hash(name)}`;
}

/**
 * The schema repaired for OpenAI: `required` names that `properties` does not define left out, and
 * an array without `items` given `items: {}` (the provider would reject either), at every depth.
 */
function repairSchema(schema) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const repaired = { ...schema };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array') && schema.items === undefined && schema.prefixItems === undefined)
    repaired.items = {};
  if (schema.items !== undefined) repaired.items = repairSchema(schema.items);
  if (schema.properties && typeof schema.properties === 'object')
    repaired.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [name, repairSchema(child)]),
    );
  if (Array.isArray(schema.required))
    repaired.required = schema.required.filter((name) => Object.hasOwn(schema.properties ?? {}, name));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(schema[keyword])) repaired[keyword] = schema[keyword].map(repairSchema);
  for (const keyword of ['$defs', 'definitions'])
    if (schema[keyword] && typeof schema[keyword] === 'object')
      repaired[keyword] = Object.fromEntries(
        Object.entries(schema[keyword]).map(([name, child]) => [name, repairSchema(child)]),
      );
  return repaired;
}

/**
 * Why `args` do not fit the tool's current schema (a missing required property, or one the schema
 * does not allow), for an error the model can correct; `undefined` when they fit.
 */
function argumentProblem(schema, args) {
  if (!schema || typeof schema !== 'object') return undefined;
  const properties = schema.properties ?? {};
  const missing = (schema.required ?? []).filter(
    (name) => Object.hasOwn(properties, name) && !(name in args),
  );
  if (missing.length > 0) return `missing required argument(s) ${missing.join(', ')}`;
  if (schema.additionalProperties === false) {
    const extra = Object.keys(args).filter((name) => !Object.hasOwn(properties, name));
    if (extra.length > 0)
      return `unknown argument(s) ${extra.join(', ')}; expected ${Object.keys(properties).join(', ')}`;
  }
  return undefined;
}

/** Whether OpenAI strict mode cannot take this schema: a union at the root. */
const rootUnion = (schema) => Boolean(schema && (schema.anyOf || schema.oneOf || schema.allOf));

/** The text of a tool result's content blocks. */
const textOf = (content) =>
  (content ?? []).map((block) => (block.type === 'text' ? block.text : JSON.stringify(block))).join('\n');

/**
 * @param {{ adapt?: boolean }} options `adapt: false` gives the bare loop of the docs: every MCP tool
 *   goes to OpenAI as it is (its name, its schema, however many there are).
 * @returns {import('@toolshift/scenarios').ClientAdapter}
 */
function createAgentHost({ adapt = true } = {}) {
  /** serverId → { client, tools } */
  const servers = new Map();
  /** @type {OpenAI | undefined} */
  let openai;
  let observer;
  const exposeAll = () =>
    observer.exposure(
      [...servers].flatMap(([serverId, { tools }]) =>
        tools.map(({ name, description, inputSchema }) => ({ serverId, name, description, inputSchema })),
      ),
    );
  /** model-facing name → { server, toolName } for the tools of the latest model request. */
  let aliases = new Map();

  /**
   * The tools for one model request, OpenAI-shaped: a name two servers share is prefixed with the
   * server id, names are made valid for OpenAI, schemas repaired; a tool strict mode cannot take is
   * withheld with a warning to the user.
   */
  function toolsForModel(strict) {
    const counts = new Map();
    for (const server of servers.values())
      for (const tool of server.tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
    aliases = new Map();
    const tools = [];
    for (const [serverId, server] of servers) {
      for (const tool of server.tools) {
        if (!adapt) {
          aliases.set(tool.name, { server, toolName: tool.name });
          tools.push({
            type: 'function',
            function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
          });
          continue;
        }
        if (tools.length === MAX_TOOLS) {
          observer.warning({
            serverId,
            toolName: tool.name,
            message: `withheld: OpenAI takes at most ${MAX_TOOLS} tools`,
          });
          continue;
        }
        if (strict && rootUnion(tool.inputSchema)) {
          observer.warning({
            serverId,
            toolName: tool.name,
            message: 'withheld: OpenAI strict mode cannot take a root union',
          });
          continue;
        }
        const name = providerName(counts.get(tool.name) > 1 ? `${serverId}__${tool.name}` : tool.name);
        aliases.set(name, { server, toolName: tool.name });
        tools.push({
          type: 'function',
          function: { name, description: tool.description, parameters: repairSchema(tool.inputSchema) },
        });
      }
    }
    return tools;
  }

  async function runTool(name, rawArguments) {
    const alias = aliases.get(name);
    if (!alias)
      return `Error: there is no tool named ${name}. Available tools: ${[...aliases.keys()].join(', ')}.`;
    const { server } = alias;
    let args;
    try {
      args = rawArguments ? JSON.parse(rawArguments) : {};
    } catch {
      return `Error: the arguments for ${name} are not valid JSON.`;
    }
    const current = server.tools.find((tool) => tool.name === alias.toolName);
    const problem = current
      ? argumentProblem(current.inputSchema, args)
      : `${alias.toolName} no longer exists`;
    if (problem) return `Error: ${name}: ${problem}.`;
    try {
      const result = await server.client.callTool({ name: alias.toolName, arguments: args });
      return result.isError ? `Error: ${textOf(result.content)}` : textOf(result.content);
    } catch (error) {
      return `Error: ${error.message}`;
    }
  }

  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      openai ??= new OpenAI({ apiKey: 'toolshift', baseURL: target.model.openai, maxRetries: 0 });
      const server = { client: undefined, tools: [], refreshing: undefined };
      servers.set(target.serverId, server);
      const headers = target.bearerToken ? { authorization: `Bearer ${target.bearerToken}` } : undefined;
      /** A new MCP session with the server (at connect, and again when the server lost ours: a restart). */
      const open = async () => {
        const client = new Client(
          { name: 'openai-agent-host', version: '1.0.0' },
          {
            ...(target.era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
            listChanged: {
              tools: {
                // Re-list on each change ourselves, so the next model request can wait for it.
                autoRefresh: false,
                debounceMs: 0,
                onChanged: (error) => {
                  if (error) observer.warning({ serverId: target.serverId, message: error.message });
                  else server.refreshing = relist();
                },
              },
            },
          },
        );
        await client.connect(
          new StreamableHTTPClientTransport(new URL(target.url), headers ? { requestInit: { headers } } : {}),
        );
        await server.client?.close().catch(() => {});
        server.client = client;
      };
      const relist = async () => {
        try {
          server.tools = (await server.client.listTools()).tools;
        } catch {
          // The session is gone (the server restarted): start a new one and list again.
          try {
            await open();
            server.tools = (await server.client.listTools()).tools;
          } catch (error) {
            observer.warning({ serverId: target.serverId, message: `re-listing failed: ${error.message}` });
            return;
          }
        }
        exposeAll();
      };
      await open();
      server.tools = (await server.client.listTools()).tools;
      exposeAll();
    },

    async agentTurn({ prompt, provider }) {
      const messages = [{ role: 'user', content: prompt }];
      let report;
      for (let step = 0; step < MAX_STEPS; step++) {
        await Promise.all([...servers.values()].map((server) => server.refreshing));
        const tools = toolsForModel(provider === 'openai-strict');
        // What the host shows its user: the tool definitions' rough cost (4 characters a token), per server.
        if (step === 0) {
          const perServerTokens = {};
          for (const tool of tools) {
            const { server } = aliases.get(tool.function.name);
            const serverId = [...servers].find(([, each]) => each === server)[0];
            perServerTokens[serverId] =
              (perServerTokens[serverId] ?? 0) + Math.ceil(JSON.stringify(tool).length / 4);
          }
          report = {
            estimatedTokens: Object.values(perServerTokens).reduce((a, b) => a + b, 0),
            perServerTokens,
          };
        }
        const completion = await openai.chat.completions.create({
          model: 'gpt-4.1',
          messages,
          ...(tools.length > 0 ? { tools } : {}),
        });
        const message = completion.choices[0].message;
        messages.push(message);
        if (!message.tool_calls?.length) return report;
        for (const call of message.tool_calls)
          messages.push({
            role: 'tool',
            tool_call_id: call.id,
            content: await runTool(call.function.name, call.function.arguments),
          });
      }
      return report;
    },

    async callTool(name, args, serverId) {
      // The host's user runs a tool directly (outside any model turn), by its MCP identity.
      const server = serverId ? servers.get(serverId) : servers.values().next().value;
      try {
        const result = await server.client.callTool({ name, arguments: args });
        return result.isError ? { ok: false, error: textOf(result.content) } : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
      }
    },

    async close() {
      await Promise.all([...servers.values()].map(({ client }) => client?.close().catch(() => {})));
    },
  };
}

/** @type {import('@toolshift/scenarios').ClientAdapterFactory} */
export const openaiAgentHost = {
  name: 'openai-agent-host',
  kind: 'external',
  description:
    'A demo host: the official MCP client and the openai SDK tool loop, judged through the fake model.',
  capabilities: { transports: ['http'], features: ['agent-turn', 'multi-server', 'bearer-auth'] },
  create: () => createAgentHost(),
};

/** The same loop without any adaptation, exactly as the docs show it: it breaks the provider's rules on unusual servers. */
export const bareOpenaiAgentHost = {
  ...openaiAgentHost,
  name: 'bare-openai-agent-host',
  description: 'The demo host without adaptation: every MCP tool goes to OpenAI as it is.',
  create: () => createAgentHost({ adapt: false }),
};
