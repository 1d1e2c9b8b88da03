// Regression (issue 3, found by the bad-input fuzz test): a JSON-RPC method named after an
// Object.prototype key reached the method registry's prototype and crashed with HTTP 500.
import { describe, expect, test } from 'vitest';
import { createFakeServer } from '../../src/index.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('method %s', (method) => {
  test('is an unknown method in the modern era (404 + -32601)', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const response = await server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta } }),
    });
    expect(response.status).toBe(404);
    expect(response.reply).toMatchObject({ kind: 'message', message: { id: 1, error: { code: -32601 } } });
  });

  test('is an unknown method in the legacy era (-32601)', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const init = await server.handle({
      transport: 'stdio',
      headers: {},
      connectionId: 'c',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    const response = await server.handle({
      transport: 'stdio',
      headers: {},
      connectionId: 'c',
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method }),
    });
    expect(response.reply).toMatchObject({ kind: 'message', message: { id: 2, error: { code: -32601 } } });
  });
});
