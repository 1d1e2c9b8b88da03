import { afterEach, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createInMemoryPair } from '../../src/in-memory.js';
import { createFakeServer, type FakeServer, MAX_NESTING_DEPTH, transcriptToJsonl } from '../../src/index.js';
import { modernHeaders, modernMeta, post } from '../support/mcp-http.js';
import { postEndpoints } from '../support/post-endpoints.js';
import { stdioPipes } from '../support/stdio-pipes.js';

const script = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
} as const;

/** A modern tools/call body whose `arguments` nest `depth` objects deep, as text (never built as a value). */
function deepCall(id: number, depth: number): string {
  const args = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"alpha","arguments":${args},"_meta":${JSON.stringify(modernMeta)}}}`;
}

/** The transcript still exports, and holds nothing nested deeper than the limit. */
function expectExportable(server: FakeServer): void {
  const jsonl = transcriptToJsonl(server.transcript.frames);
  expect(jsonl.length).toBeGreaterThan(0);
  // The refused message is kept as raw text only, never as a parsed value.
  const refused = server.transcript.frames.find(
    (frame) => frame.direction === 'in' && frame.raw !== undefined,
  );
  expect(refused).toBeDefined();
  expect(refused).not.toHaveProperty('message');
}

const endpoints = postEndpoints();

for (const [name, start] of Object.entries(endpoints)) {
  describe(`deeply nested JSON over ${name}`, () => {
    const cleanups: Array<() => unknown> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    test.each([5_000, 20_000])(
      '%i levels: 400 + -32600 with the id; the transcript exports; the server serves',
      async (depth) => {
        const server = createFakeServer(script);
        const url = await start(server, cleanups);
        const refused = await post(
          url,
          deepCall(7, depth),
          modernHeaders('tools/call', { 'mcp-name': 'alpha' }),
        );
        expect(refused.status).toBe(400);
        expect(refused.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
        expect(refused.json?.error.message).toContain(`deeper than ${MAX_NESTING_DEPTH} levels`);
        expectExportable(server);
        const next = await post(
          url,
          { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: modernMeta } },
          modernHeaders('tools/list'),
        );
        expect(next.status).toBe(200);
        expect(next.json).toMatchObject({ id: 8, result: { tools: [{ name: 'alpha' }] } });
        expectExportable(server);
      },
    );

    test('nesting at the limit is still served', async () => {
      const server = createFakeServer(script);
      const url = await start(server, cleanups);
      // Envelope (1), params (2), then `depth` objects from arguments (3) down: 2 + depth levels in all.
      const ok = await post(
        url,
        deepCall(1, MAX_NESTING_DEPTH - 2),
        modernHeaders('tools/call', { 'mcp-name': 'alpha' }),
      );
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ id: 1, result: {} });
      const over = await post(
        url,
        deepCall(2, MAX_NESTING_DEPTH - 1),
        modernHeaders('tools/call', { 'mcp-name': 'alpha' }),
      );
      expect(over.status).toBe(400);
      expect(over.json).toMatchObject({ id: 2, error: { code: -32600 } });
    });
  });
}

describe('deeply nested JSON over stdio', () => {
  test.each([5_000, 20_000])(
    '%i levels: a -32600 line with the id; the next request is answered',
    async (depth) => {
      const server = createFakeServer(script);
      const pipes = stdioPipes(server);
      pipes.write(deepCall(3, depth));
      pipes.write(
        JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: modernMeta } }),
      );
      expect(await pipes.next(2)).toMatchObject([
        { id: 3, error: { code: -32600 } },
        { id: 4, result: { tools: [{ name: 'alpha' }] } },
      ]);
      expectExportable(server);
      pipes.stdio.close('drop');
    },
  );
});

describe('deeply nested JSON over the in-memory pair', () => {
  test('a message over the limit gets -32600; the connection keeps serving', async () => {
    const server = createFakeServer(script);
    const [client, end] = createInMemoryPair(server);
    const replies: Array<Record<string, any>> = [];
    client.onmessage = (message) => replies.push(message as Record<string, any>);
    await client.start();
    // The SDK-facing transport takes objects; one nested 1,000 deep still serializes on the client side.
    let args: Record<string, unknown> = {};
    for (let i = 0; i < 1_000; i++) args = { a: args };
    await client.send({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'alpha', arguments: args, _meta: modernMeta },
    });
    await client.send({ jsonrpc: '2.0', id: 6, method: 'tools/list', params: { _meta: modernMeta } });
    await server.waitFor(
      (frame) => frame.direction === 'out' && (frame.message as { id?: unknown })?.id === 6,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies).toMatchObject([
      { id: 5, error: { code: -32600 } },
      { id: 6, result: { tools: [{ name: 'alpha' }] } },
    ]);
    expectExportable(server);
    end.close();
  });
});

describe('deeply nested JSON elsewhere', () => {
  test('the admin API refuses a step body over the limit with 400 ADMIN_REQUEST_INVALID; nothing changes', async () => {
    const server = createFakeServer(script);
    const http = await startHttpTransport(server);
    try {
      const schema = `${'{"properties":{"a":'.repeat(5_000)}{}${'}}'.repeat(5_000)}`;
      const response = await fetch(`${http.adminUrl}/steps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"action":"addTool","tool":{"name":"deep","inputSchema":${schema}}}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'ADMIN_REQUEST_INVALID', message: expect.stringContaining('deeper than') },
      });
      expect(server.tools().map((tool) => tool.name)).toEqual(['alpha']);
      expect(() => transcriptToJsonl(server.transcript.frames)).not.toThrow();
    } finally {
      await http.close('drop');
    }
  });

  test('a script or step over the limit is SCRIPT_INVALID with rule maxDepth', () => {
    let schema: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 5_000; i++) schema = { type: 'object', properties: { a: schema } };
    const deepScript = { toolshiftScript: 1, catalog: { tools: [{ name: 'deep', inputSchema: schema }] } };
    expect(() => createFakeServer(deepScript)).toThrow(
      expect.objectContaining({ code: 'SCRIPT_INVALID', rule: 'maxDepth' }),
    );
    const server = createFakeServer(script);
    expect(() => server.apply({ action: 'addTool', tool: { name: 'deep', inputSchema: schema } })).toThrow(
      expect.objectContaining({ code: 'SCRIPT_INVALID', rule: 'maxDepth' }),
    );
    expect(server.tools()).toHaveLength(1);
  });
});
