// Reproduction: mcp-use 1.34.6 never starts a new session after the server answers 404 to its
// session id (MCP 2025-11-25, basic/transports, Session Management, item 4: "When a client
// receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new
// session by sending a new InitializeRequest without a session ID attached.").
//
// The server (server.mjs, node:http only) ends the session after the first tools/list (the one the
// session makes when it opens). The client is mcp-use's MCPClient as its README shows
// (createAllSessions, getSession) with the session's listTools() called twice, as its tools page
// shows. A correct client sends a second initialize, without a session id, after the 404.
import { MCPClient } from 'mcp-use';
import { startServer } from './server.mjs';

const server = await startServer();
const client = new MCPClient({ mcpServers: { repro: { url: server.url } } });
await client.createAllSessions();
const session = client.getSession('repro');
const outcomes = [`opened with [${session.tools.map((tool) => tool.name).join(', ')}]`];
for (let attempt = 1; attempt <= 2; attempt++) {
  try {
    const tools = await session.listTools();
    outcomes.push(`listTools ${attempt}: [${tools.map((tool) => tool.name).join(', ')}]`);
  } catch (error) {
    outcomes.push(`listTools ${attempt}: error ${String(error.message).slice(0, 80)}`);
  }
}
await client.closeAllSessions().catch(() => {});
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
