// @openai/agents-core 0.20.0 MCPServerStreamableHttp (its @modelcontextprotocol/client 2.4.0
// transport): once the server has ended the legacy session, every request carries the dead
// Mcp-Session-Id and is answered 404; no new initialize is sent (the server's own reconnect-and-retry
// covers only a detached client). 2025-11-25 transports: "When a client receives HTTP 404 in response
// to a request containing an MCP-Session-Id, it MUST start a new session by sending a new
// InitializeRequest without a session ID attached."
import { MCPServerStreamableHttp } from '@openai/agents-core';
import { startServer } from './server.mjs';

const server = await startServer();
const mcp = new MCPServerStreamableHttp({ url: server.url, name: 'repro' });
const outcome = async (promise) => promise.then(() => 'ok', (error) => `error: ${error.message.slice(0, 160)}`);
try {
  await mcp.connect();
  await mcp.listTools();
  server.endSessions();
  const ended = server.requests.length;
  const call = await outcome(mcp.callTool('alpha', { query: 'after the session ended' }));
  const list = await outcome(mcp.listTools());
  const again = await outcome(mcp.callTool('alpha', { query: 'again' }));
  const after = server.requests.slice(ended);
  for (const r of after) console.log(`server got ${r.method} (session ${r.sessionId ?? 'none'}) -> ${r.status}`);
  console.log(`callTool: ${call} | listTools: ${list} | callTool: ${again}`);
  const reinitialized = after.some((r) => r.method === 'initialize' && r.sessionId === undefined);
  const dead = after.filter((r) => r.status === 404).length;
  if (!reinitialized && dead >= 2)
    console.log(
      `REPRODUCED: after the 404 on the session id no new initialize was sent; ${dead} requests carried the dead session id`,
    );
  else {
    console.log(`NOT REPRODUCED: reinitialized=${reinitialized}, 404s=${dead}`);
    process.exitCode = 1;
  }
} finally {
  await mcp.close().catch(() => {});
  await server.close();
}
