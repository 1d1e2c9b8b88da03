// Regression (issue 10, found by fuzzing): a fractional request id (1.5) was accepted and echoed,
// though JSON-RPC ids in MCP are strings or integers. It is now an invalid request, answered
// without an id, over every transport.
import { afterEach, describe, expect, test } from 'vitest';
import { createFakeServer } from '../../src/index.js';
import { postEndpoints } from '../support/post-endpoints.js';
import { stdioPipes } from '../support/stdio-pipes.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modernHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/list',
};

describe('a fractional request id', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test.each(Object.entries(postEndpoints()))(
    'is a 400 -32600 over %s, with no id echoed',
    async (_name, start) => {
      const url = await start(createFakeServer({ toolshiftScript: 1 }), cleanups);
      for (const id of [1.5, -0.25, 1e-7]) {
        const response = await fetch(url, {
          method: 'POST',
          headers: modernHeaders,
          body: `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${JSON.stringify({ _meta: meta })}}`,
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as Record<string, unknown>;
        expect(body.error).toMatchObject({
          code: -32600,
          message: 'Invalid Request: id must be a string or an integer',
        });
        expect(body).not.toHaveProperty('id');
      }
    },
  );

  test('is -32600 over stdio, with no id echoed; the connection keeps working', async () => {
    const pipes = stdioPipes(createFakeServer({ toolshiftScript: 1 }));
    cleanups.push(() => pipes.stdio.close('drop'));
    pipes.write('{"jsonrpc":"2.0","id":2.5,"method":"ping"}');
    const [reply] = await pipes.next();
    expect(reply).toMatchObject({ error: { code: -32600 } });
    expect(reply).not.toHaveProperty('id');
    pipes.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    expect((await pipes.next())[0]).toMatchObject({ id: 3, result: { protocolVersion: '2025-11-25' } });
  });
});
