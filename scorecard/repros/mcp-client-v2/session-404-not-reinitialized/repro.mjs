// Reproduction: @modelcontextprotocol/client 2.4.0 never starts a new session after the server
// answers 404 to its session id (MCP 2025-11-25, basic/transports, Session Management, item 4:
// "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST
// start a new session by sending a new InitializeRequest without a session ID attached.").
//
// The server (server.mjs, node:http only) ends the session after the first tools/list. The client
// is the SDK's Client over StreamableHTTPClientTransport, as its docs show (the default, 2025-11-25
// initialize handshake), and lists the tools three times. A correct client sends a second
// initialize, without a session id, after the 404.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startServer } from './server.mjs';

const server = await startServer();
const client = new Client({ name: 'repro-client', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
const outcomes = [];
for (let attempt = 1; attempt <= 3; attempt++) {
  try {
    const { tools } = await client.listTools(undefined, { cacheMode: 'bypass' });
    outcomes.push(`listing ${attempt}: [${tools.map((tool) => tool.name).join(', ')}]`);
  } catch (error) {
    outcomes.push(`listing ${attempt}: error ${String(error.message).slice(0, 80)}`);
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
