// A minimal MCP server (2025-11-25, Streamable HTTP, JSON responses) on node:http, for this
// reproduction only: one tool `alpha`; `endSessions()` ends every session, after which a request
// carrying an ended session id is answered HTTP 404 with a JSON-RPC error response to that request
// ({"jsonrpc":"2.0","id":<the request's id>,"error":{"code":-32001,"message":"Session not found"}}).
import { createServer } from 'node:http';

const TOOL = { name: 'alpha', description: 'Echoes its query.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } };

export async function startServer() {
  const live = new Set();
  /** Every request: { method, sessionId, status }. */
  const requests = [];
  let sessions = 0;
  const reply = (res, status, body, headers = {}) => {
    res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...headers });
    res.end(body ? JSON.stringify(body) : undefined);
  };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const sessionId = req.headers['mcp-session-id'];
      const log = (method, status) => requests.push({ method, sessionId, status });
      if (req.method !== 'POST') {
        log(req.method, 405);
        return reply(res, 405, undefined, { allow: 'POST' });
      }
      const message = JSON.parse(text);
      const { id, method } = message;
      if (method === 'initialize') {
        const session = `session-${++sessions}`;
        live.add(session);
        log(method, 200);
        return reply(
          res,
          200,
          { jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'repro', version: '1.0.0' } } },
          { 'mcp-session-id': session },
        );
      }
      if (!sessionId) {
        log(method, 400);
        return reply(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' }, id: null });
      }
      if (!live.has(sessionId)) {
        log(method, 404);
        return reply(res, 404, { jsonrpc: '2.0', id: id ?? null, error: { code: -32001, message: 'Session not found' } });
      }
      log(method, id === undefined ? 202 : 200);
      if (id === undefined) return reply(res, 202);
      if (method === 'tools/list') return reply(res, 200, { jsonrpc: '2.0', id, result: { tools: [TOOL] } });
      if (method === 'tools/call')
        return reply(res, 200, { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(message.params.arguments) }] } });
      return reply(res, 200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    requests,
    endSessions: () => live.clear(),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
