// @ai-sdk/mcp 2.0.99: an HTTP 404 whose body is a JSON-RPC error response to the request (its id) is
// taken as that request's error and nothing more: the transport keeps the
// dead session id, never calls onSessionExpired and never sends a new initialize, so neither the
// library nor a host following the docs ("Retry by creating a fresh client" on onSessionExpired)
// starts a new session. 2025-11-25 transports: "When a client receives HTTP 404 in response to a
// request containing an MCP-Session-Id, it MUST start a new session by sending a new
// InitializeRequest without a session ID attached."
import { createMCPClient } from '@ai-sdk/mcp';
import { startServer } from './server.mjs';

const server = await startServer();
let expired = 0;
const client = await createMCPClient({
  transport: { type: 'http', url: server.url, onSessionExpired: () => expired++ },
});
const outcome = async (promise) => promise.then(() => 'ok', (error) => `error: ${error.message}`);
try {
  await client.tools();
  server.endSessions();
  const ended = server.requests.length;
  const first = await outcome(client.callTool({ name: 'alpha', arguments: { query: 'after the session ended' } }));
  const second = await outcome(client.callTool({ name: 'alpha', arguments: { query: 'again' } }));
  const after = server.requests.slice(ended);
  for (const r of after) console.log(`server got ${r.method} (session ${r.sessionId ?? 'none'}) -> ${r.status}`);
  console.log(`calls: ${first} | ${second}; onSessionExpired calls: ${expired}`);
  const reinitialized = after.some((r) => r.method === 'initialize' && r.sessionId === undefined);
  const reused = after.filter((r) => r.status === 404).length;
  if (!reinitialized && expired === 0 && reused >= 2)
    console.log(
      `REPRODUCED: after a 404 with a JSON-RPC error body no new initialize was sent, onSessionExpired was never called, and the dead session id was sent again (${reused} requests answered 404)`,
    );
  else {
    console.log(`NOT REPRODUCED: reinitialized=${reinitialized}, onSessionExpired calls=${expired}, 404s=${reused}`);
    process.exitCode = 1;
  }
} finally {
  await client.close().catch(() => {});
  await server.close();
}
