// @mastra/mcp 2.0.0 (its @modelcontextprotocol/client 2.0.0 transport): once the server has ended the
// legacy session, every request carries the dead Mcp-Session-Id and is answered 404; no new
// initialize is sent (MCPClient's own reconnect matches "http 404" in the error text, which the
// transport's "Error POSTing to endpoint: …" does not carry). 2025-11-25 transports: "When a client
// receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new
// session by sending a new InitializeRequest without a session ID attached."
import { MCPClient } from '@mastra/mcp';
import { startServer } from './server.mjs';

const server = await startServer();
const mcp = new MCPClient({ id: 'repro', servers: { repro: { url: new URL(server.url) } } });
const outcome = async (promise) => promise.then(() => 'ok', (error) => `error: ${error.message.slice(0, 160)}`);
try {
  const tools = await mcp.listTools();
  server.endSessions();
  const ended = server.requests.length;
  const call = await outcome(tools.repro_alpha.execute({ query: 'after the session ended' }, {}));
  const relisted = await mcp.listToolsWithErrors();
  const after = server.requests.slice(ended);
  for (const r of after) console.log(`server got ${r.method} (session ${r.sessionId ?? 'none'}) -> ${r.status}`);
  console.log(`call: ${call}; listTools again: ${Object.keys(relisted.tools).length} tools, error: ${String(relisted.errors.repro ?? 'none').slice(0, 160)}`);
  const reinitialized = after.some((r) => r.method === 'initialize' && r.sessionId === undefined);
  const dead = after.filter((r) => r.status === 404).length;
  if (!reinitialized && dead >= 1)
    console.log(
      `REPRODUCED: after the 404 on the session id no new initialize was sent; ${dead} request(s) carried the dead session id`,
    );
  else {
    console.log(`NOT REPRODUCED: reinitialized=${reinitialized}, 404s=${dead}`);
    process.exitCode = 1;
  }
} finally {
  await mcp.disconnect().catch(() => {});
  await server.close();
}
