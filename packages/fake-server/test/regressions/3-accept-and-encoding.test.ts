import { afterEach, describe, expect, test } from 'vitest';
import { createFakeServer } from '../../src/index.js';
import { modernHeaders, modernMeta } from '../support/mcp-http.js';
import { postEndpoints } from '../support/post-endpoints.js';
import { stdioPipes } from '../support/stdio-pipes.js';

const script = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
} as const;

const listBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: modernMeta },
});
const initializeBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});

/** `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":…,"x":"<0xff 0xfe>"}}` as bytes. */
function invalidUtf8Body(): Uint8Array {
  const [head, tail] = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: modernMeta, x: '@' },
  }).split('@') as [string, string];
  return new Uint8Array([...Buffer.from(head), 0xff, 0xfe, ...Buffer.from(tail)]);
}

const endpoints = postEndpoints();

for (const [name, start] of Object.entries(endpoints)) {
  describe(`POST Accept and body encoding over ${name}`, () => {
    const cleanups: Array<() => unknown> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    test.each([
      ['no Accept', undefined, 'application/json and text/event-stream'],
      ['JSON only', 'application/json', 'text/event-stream'],
      ['SSE only', 'text/event-stream', 'application/json'],
      ['a wildcard', '*/*', 'application/json and text/event-stream'],
    ])(
      'a modern POST accepting %s gets 406 + -32600 naming what is missing',
      async (_label, accept, missing) => {
        const server = createFakeServer(script);
        const url = await start(server, cleanups);
        const headers = modernHeaders('tools/list');
        if (accept === undefined) delete headers.accept;
        else headers.accept = accept;
        const response = await fetch(url, { method: 'POST', headers, body: listBody });
        expect(response.status).toBe(406);
        const error = (await response.json()) as Record<string, any>;
        expect(error).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32600 } });
        expect(error.error.message).toContain(`missing ${missing}`);
        expect(server.transcript.frames.at(-1)).toMatchObject({ direction: 'out', httpStatus: 406 });
      },
    );

    test('a legacy initialize without Accept gets 406 and no session; with both types it is served', async () => {
      const server = createFakeServer(script);
      const url = await start(server, cleanups);
      const refused = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: initializeBody,
      });
      expect(refused.status).toBe(406);
      expect(refused.headers.get('mcp-session-id')).toBeNull();
      expect(await refused.json()).toMatchObject({ id: 1, error: { code: -32600 } });
      const served = await fetch(url, {
        method: 'POST',
        // Parameters and case do not matter.
        headers: { 'content-type': 'application/json', accept: 'Application/JSON;q=0.9, text/event-stream' },
        body: initializeBody,
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('mcp-session-id')).toBeTruthy();
    });

    test('a body that is not UTF-8 gets 400 + -32700, recorded as a refusal; the next request is served', async () => {
      const server = createFakeServer(script);
      const url = await start(server, cleanups);
      const refused = await fetch(url, {
        method: 'POST',
        headers: modernHeaders('tools/list'),
        body: invalidUtf8Body(),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32700, message: expect.stringContaining('not valid UTF-8') },
      });
      const [refusedIn, refusedOut] = server.transcript.frames;
      expect(refusedIn).toMatchObject({
        direction: 'in',
        era: 'unknown',
        note: expect.stringContaining('UTF-8'),
      });
      expect(refusedOut).toMatchObject({ direction: 'out', httpStatus: 400 });
      const served = await fetch(url, {
        method: 'POST',
        headers: modernHeaders('tools/list'),
        body: listBody,
      });
      expect(served.status).toBe(200);
      expect(await served.json()).toMatchObject({ id: 1, result: { tools: [{ name: 'alpha' }] } });
    });
  });
}

describe('body encoding over stdio', () => {
  test('a line that is not UTF-8 gets a -32700 line; the next line is served', async () => {
    const server = createFakeServer(script);
    const pipes = stdioPipes(server);
    pipes.write(invalidUtf8Body());
    pipes.write(listBody);
    const [refused, served] = await pipes.next(2);
    expect(refused).toMatchObject({ error: { code: -32700 } });
    expect(refused).not.toHaveProperty('id');
    expect(served).toMatchObject({ id: 1, result: { tools: [{ name: 'alpha' }] } });
    pipes.stdio.close('drop');
  });
});
