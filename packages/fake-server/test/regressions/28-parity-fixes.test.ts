// Issue 28: the parity test (docs/parity.md) held the fake server to the official SDK servers; these
// are the differences fixed in the fake server, each pinned here.
import { describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createFakeServer, type WireRequest } from '../../src/index.js';
import { modernHeaders, modernMeta, post } from '../support/mcp-http.js';

const tools = [
  {
    name: 'echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'remote_ref',
    inputSchema: { type: 'object', properties: { x: { $ref: 'https://example.com/x.json' } } },
  },
];

function stdioRequest(body: unknown, connectionId = 'c1'): WireRequest {
  return { transport: 'stdio', headers: {}, body: JSON.stringify(body), connectionId };
}

function resultOf(response: Awaited<ReturnType<ReturnType<typeof createFakeServer>['handle']>>) {
  if (response.reply.kind !== 'message') throw new Error(`expected a message, got ${response.reply.kind}`);
  return response.reply.message as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
}

describe('parity fixes', () => {
  test('tools/call arguments that do not fit the input schema get an execution error (isError), as every official server answers', async () => {
    const server = createFakeServer({ toolshiftScript: 1, server: { eras: ['modern'] }, catalog: { tools } });
    const call = (name: string, args: unknown) =>
      server.handle(
        stdioRequest({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args, _meta: modernMeta },
        }),
      );
    const invalid = resultOf(await call('echo', { text: 42 })).result!;
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain('/text must be string');
    expect(resultOf(await call('echo', {})).result!.isError).toBe(true);
    expect(resultOf(await call('echo', { text: 'hi' })).result!.isError).toBe(false);
    // A schema the fake server cannot compile (a network $ref) checks nothing.
    expect(resultOf(await call('remote_ref', { x: 1 })).result!.isError).toBe(false);
  });

  test('a 2026-07-28 request carrying an Mcp-Session-Id on a dual endpoint is answered as modern (the header is ignored)', async () => {
    const server = createFakeServer({ toolshiftScript: 1, catalog: { tools } });
    const http = await startHttpTransport(server);
    try {
      const res = await post(
        http.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
        modernHeaders('tools/list', { 'mcp-session-id': 'no-such-session' }),
      );
      expect(res.status).toBe(200);
      expect(res.json?.result?.tools.map((tool: { name: string }) => tool.name)).toEqual([
        'echo',
        'remote_ref',
      ]);
    } finally {
      await http.close();
    }
  });

  test('before initialize on stdio, server/discover to a 2025-11-25-only server is method-not-found; a legacy method still needs initialize', async () => {
    const server = createFakeServer({ toolshiftScript: 1, server: { eras: ['legacy'] }, catalog: { tools } });
    const discover = resultOf(
      await server.handle(
        stdioRequest({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } }),
      ),
    );
    expect(discover.error).toEqual({ code: -32601, message: 'Method not found: server/discover' });
    const list = resultOf(
      await server.handle(stdioRequest({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })),
    );
    expect(list.error?.code).toBe(-32600);
  });
});
