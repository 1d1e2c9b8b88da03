#!/usr/bin/env node
// A conformance-style client program for `toolshift run --command "node everything-client.mjs"`,
// written the way the official MCP conformance suite's example clients are: one program, one handler
// per scenario name, the scenario in MCP_CONFORMANCE_SCENARIO, the server URL as the last argument,
// the protocol revision in MCP_CONFORMANCE_PROTOCOL_VERSION, scenario data (a bearer token, …) as JSON
// in MCP_CONFORMANCE_CONTEXT; exit 0 when the handler finished, 1 on an error or an unknown scenario.
// It drives the official @modelcontextprotocol/client Client; replace the handlers with your client.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** @type {Record<string, (serverUrl: string) => Promise<void>>} */
const scenarioHandlers = {};

function registerScenarios(names, handler) {
  for (const name of names) scenarioHandlers[name] = handler;
}

/** MCP_CONFORMANCE_CONTEXT: `{ name, protocolVersion, serverId, bearerToken? }` from toolshift. */
function context() {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw ? JSON.parse(raw) : {};
}

/** Connects the SDK client the way its documentation shows, speaking the revision asked for. */
async function connect(serverUrl, options = {}) {
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  const { bearerToken } = context();
  const client = new Client(
    { name: 'conformance-style-client', version: '1.0.0' },
    {
      ...(version === '2026-07-28' ? { versionNegotiation: { mode: { pin: version } } } : {}),
      ...options,
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(serverUrl), {
    ...(bearerToken ? { authProvider: { token: async () => bearerToken } } : {}),
  });
  await client.connect(transport);
  return client;
}

// ============================================================================
// Listing: connect, list every page, close.
// ============================================================================

async function runListClient(serverUrl) {
  const client = await connect(serverUrl);
  const { tools } = await client.listTools();
  console.error(`listed ${tools.length} tools`);
  await client.close();
}

registerScenarios(
  ['empty-list', 'one-valid-tool', 'paginated-list', 'pg-05-empty-string-cursor-is-a-cursor'],
  runListClient,
);

// ============================================================================
// The official suite's names: `initialize` (connect, list) and `tools_call` (list, call
// add_numbers). The same program runs under `npx @modelcontextprotocol/conformance client` and under
// `toolshift run --command`, which runs its scenarios standing for these names.
// ============================================================================

registerScenarios(['initialize'], runListClient);

async function runToolsCallClient(serverUrl) {
  const client = await connect(serverUrl);
  const { tools } = await client.listTools();
  if (!tools.some((tool) => tool.name === 'add_numbers')) throw new Error('add_numbers is not listed');
  const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
  console.error(`add_numbers answered: ${JSON.stringify(result.content)}`);
  await client.close();
}

registerScenarios(['tools_call', 'tools-call'], runToolsCallClient);

// ============================================================================
// Changes: list, then re-list after each tools/list_changed until SIGTERM (toolshift ends the cell).
// ============================================================================

async function runChangeClient(serverUrl) {
  let relists = 0;
  const client = await connect(serverUrl, {
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          if (error) console.error(`re-list failed: ${error.message}`);
          else console.error(`re-listed ${tools?.length ?? 0} tools (${++relists})`);
        },
      },
    },
  });
  const { tools } = await client.listTools();
  console.error(`listed ${tools.length} tools`);
  // Stay until toolshift ends the cell (the open change stream may not hold the event loop by itself).
  const keepAlive = setInterval(() => {}, 60_000);
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  clearInterval(keepAlive);
  await client.close();
}

registerScenarios(
  [
    'tool-added-at-runtime',
    'tool-removed',
    'schema-changed-between-refreshes',
    'tool-added-to-paginated-list',
  ],
  runChangeClient,
);

// ============================================================================
// Main entry point
// ============================================================================

async function main() {
  const scenarioName = process.env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = process.argv.at(-1);
  if (!scenarioName || !serverUrl?.startsWith('http')) {
    console.error('Usage: MCP_CONFORMANCE_SCENARIO=<scenario> everything-client.mjs <server-url>');
    process.exit(1);
  }
  const handler = scenarioHandlers[scenarioName];
  if (!handler) {
    console.error(`Unknown scenario: ${scenarioName}`);
    console.error(`Available scenarios: ${Object.keys(scenarioHandlers).sort().join(', ')}`);
    process.exit(1);
  }
  try {
    await handler(serverUrl);
    process.exit(0);
  } catch (error) {
    console.error('Error:', error);
    process.exit(1);
  }
}

main();
