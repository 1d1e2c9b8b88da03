// A minimal MCP 2025-11-25 Streamable HTTP server (node:http only) for the session-404 reproduction:
// `initialize` hands out a session id; the first `tools/list` answers one tool, after which the
// server forgets the session and answers 404 to every request carrying that id, as the spec
// requires of it (basic/transports, Session Management, item 3: "The server MAY terminate the
// session at any time, after which it MUST respond to requests containing that session ID with HTTP
// 404 Not Found"). No standalone GET stream (405).
import { createServer } from 'node:http';

/** Starts the server on 127.0.0.1; resolves to { url, log, close }. `log` records what it saw. */
export async function startServer() {
  const log = { initializes: [], lists: 0, notFound: 0 };
  let sessions = 0;
  let live;
  const server = createServer((req, res) => {
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const msg = JSON.parse(body);
      const sid = req.headers['mcp-session-id'];
      const reply = (result, headers = {}) =>
        res
          .writeHead(200, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
      if (msg.method === 'initialize') {
        live = `session-${++sessions}`;
        log.initializes.push(sid ?? null);
        console.log(`server: initialize #${log.initializes.length} (Mcp-Session-Id sent: ${sid ?? 'none'}) -> ${live}`);
        return reply(
          {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {} },
            serverInfo: { name: 'repro', version: '1' },
          },
          { 'mcp-session-id': live },
        );
      }
      if (sid !== live) {
        log.notFound += 1;
        console.log(`server: ${msg.method ?? 'response'} with dead session ${sid} -> 404`);
        return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Session not found');
      }
      if (msg.id === undefined) return void res.writeHead(202).end();
      if (msg.method === 'tools/list') {
        log.lists += 1;
        console.log(`server: tools/list on ${sid} -> [alpha]; the session now ends`);
        live = undefined;
        return reply({ tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] });
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'not found' } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    log,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
