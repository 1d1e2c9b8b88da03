// Reproduction: @langchain/mcp-adapters 1.1.4 (MultiServerMCPClient) never starts a new session after
// the server answers 404 to its session id (MCP 2025-11-25, basic/transports, Session Management,
// item 4: "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id,
// it MUST start a new session by sending a new InitializeRequest without a session ID attached.").
//
// The server (server.mjs, node:http only) ends the session after the first tools/list (the one
// getTools() makes). The client is MultiServerMCPClient as its README shows (`mcpServers` with an
// http entry, `await client.getTools()`), and the LangChain tool it returns is run twice, as an
// agent's tool node would. A correct client sends a second initialize, without a session id, after
// the 404.
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { startServer } from './server.mjs';

const server = await startServer();
const client = new MultiServerMCPClient({ mcpServers: { repro: { url: server.url } } });
const tools = await client.getTools();
const outcomes = [`getTools: [${tools.map((tool) => tool.name).join(', ')}]`];
for (let attempt = 1; attempt <= 2; attempt++) {
  try {
    const result = await tools[0].invoke({});
    outcomes.push(`call ${attempt}: ${JSON.stringify(result).slice(0, 80)}`);
  } catch (error) {
    outcomes.push(`call ${attempt}: error ${String(error.message).slice(0, 80)}`);
  }
}
await client.close().catch(() => {});
await server.close();
console.log(`client: ${outcomes.join('; ')}`);

const { initializes, notFound } = server.log;
const fresh = initializes.slice(1).filter((sid) => sid === null).length;
if (notFound > 0 && fresh > 0) {
  console.log(`NOT REPRODUCED: after the 404 the client sent a new initialize without a session id (${initializes.length} initializes)`);
  process.exit(1);
}
if (notFound === 0) {
  console.log('error: the server never answered 404, so nothing was shown');
  process.exit(2);
}
console.log(
  `REPRODUCED: ${notFound} request(s) answered 404 on the dead session, and the client sent no new initialize (${initializes.length} initialize in all)`,
);
