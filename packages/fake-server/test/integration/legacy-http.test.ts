import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { addTool, createFakeServer, type FakeServer, scriptBuilder } from '../../src/index.js';
import { openSse, post } from '../support/mcp-http.js';

const tool = (name: string) => ({
  name,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
});
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let server: FakeServer;
let http: HttpTransport;

async function start(
  build = scriptBuilder('legacy')
    .tools(tool('alpha'))
    .step('add-beta', addTool(tool('beta'))),
) {
  server = createFakeServer(build.build());
  http = await startHttpTransport(server);
}

async function initialize(): Promise<string> {
  const init = await post(
    http.url,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    },
    jsonHeaders,
  );
  expect(init.status).toBe(200);
  const sessionId = init.headers.get('mcp-session-id');
  expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
  const initialized = await post(
    http.url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { ...jsonHeaders, 'mcp-session-id': sessionId!, 'mcp-protocol-version': '2025-11-25' },
  );
  expect(initialized.status).toBe(202);
  return sessionId!;
}

afterEach(async () => {
  await http?.close();
});

describe('legacy (2025-11-25) over Streamable HTTP', () => {
  test('initialize negotiates a legacy version, advertises tools.listChanged and mints a session', async () => {
    await start();
    const init = await post(
      http.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      jsonHeaders,
    );
    expect(init.status).toBe(200);
    expect(init.json?.result).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'toolshift-fake-server' },
    });
    const frames = server.transcript.frames;
    expect(frames.map((f) => [f.direction, f.kind, f.era, f.httpStatus])).toEqual([
      ['in', 'message', 'legacy', undefined],
      ['out', 'message', 'legacy', 200],
    ]);
    expect(frames[1]!.sessionId).toBe(init.headers.get('mcp-session-id'));
  });

  test('a request without a session gets 400 and one with an unknown session gets 404', async () => {
    await start();
    const missing = await post(http.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, jsonHeaders);
    expect(missing.status).toBe(400);
    expect(missing.json?.error.code).toBe(-32600);
    const unknown = await post(
      http.url,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { ...jsonHeaders, 'mcp-session-id': 'nope' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32600 } });
  });

  test('the GET stream carries notifications/tools/list_changed after a catalog change, recorded after the step', async () => {
    await start();
    const sessionId = await initialize();
    const sse = await openSse(http.url, {
      method: 'GET',
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
    });
    expect(sse.response.status).toBe(200);
    expect(sse.response.headers.get('content-type')).toContain('text/event-stream');
    await server.waitFor((f) => f.kind === 'stream-open');
    server.apply('add-beta');
    expect(await sse.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    sse.close();

    const step = server.transcript.frames.find((f) => f.kind === 'step')!;
    const note = server.transcript.frames.find(
      (f) => f.message && 'method' in f.message && f.message.method === 'notifications/tools/list_changed',
    )!;
    expect(step.catalogRevision).toBe(2);
    expect(note.seq).toBeGreaterThan(step.seq);
    expect(note).toMatchObject({
      direction: 'out',
      era: 'legacy',
      sessionId,
      streamId: 'get-1',
      catalogRevision: 2,
    });

    const list = await post(
      http.url,
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      { ...jsonHeaders, 'mcp-session-id': sessionId },
    );
    expect(list.json?.result.tools.map((t: { name: string }) => t.name)).toEqual(['alpha', 'beta']);
    expect(list.json?.result).not.toHaveProperty('ttlMs');
  });

  test('a change with no open GET stream is recorded as undelivered', async () => {
    await start();
    const sessionId = await initialize();
    server.apply('add-beta');
    const note = server.transcript.frames.find((f) => f.kind === 'note');
    expect(note).toMatchObject({ era: 'legacy', sessionId });
    expect(note?.note).toContain('no open GET stream');
  });

  test('a second GET stream on the same session gets 409, DELETE ends the session', async () => {
    await start();
    const sessionId = await initialize();
    const headers = { accept: 'text/event-stream', 'mcp-session-id': sessionId };
    const first = await openSse(http.url, { method: 'GET', headers });
    const second = await fetch(http.url, { method: 'GET', headers });
    expect(second.status).toBe(409);
    const del = await fetch(http.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
    expect(del.status).toBe(200);
    expect(await first.ended()).toBe(true);
    const after = await post(
      http.url,
      { jsonrpc: '2.0', id: 9, method: 'tools/list' },
      { ...jsonHeaders, 'mcp-session-id': sessionId },
    );
    expect(after.status).toBe(404);
  });

  test('tools/list pages with opaque cursors; a forged cursor gets -32602', async () => {
    await start(
      scriptBuilder('paged').tools(tool('a'), tool('b'), tool('c'), tool('d'), tool('e')).pageSize(2),
    );
    const sessionId = await initialize();
    const headers = { ...jsonHeaders, 'mcp-session-id': sessionId };
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await post(
        http.url,
        { jsonrpc: '2.0', id: 10 + pages, method: 'tools/list', params: cursor ? { cursor } : {} },
        headers,
      );
      names.push(...(page.json?.result.tools ?? []).map((t: { name: string }) => t.name));
      cursor = page.json?.result.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
    const forged = await post(
      http.url,
      { jsonrpc: '2.0', id: 20, method: 'tools/list', params: { cursor: 'MTAwLjIuMS5mYWtl' } },
      headers,
    );
    expect(forged.json?.error).toMatchObject({ code: -32602, message: 'Invalid cursor' });
  });

  test('tools/call echoes its arguments; an unknown tool gets -32602; an unknown method gets -32601', async () => {
    await start();
    const sessionId = await initialize();
    const headers = { ...jsonHeaders, 'mcp-session-id': sessionId };
    const call = await post(
      http.url,
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'alpha', arguments: { q: 'x' } } },
      headers,
    );
    expect(call.json?.result).toEqual({ content: [{ type: 'text', text: '{"q":"x"}' }], isError: false });
    const unknown = await post(
      http.url,
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'zeta' } },
      headers,
    );
    expect(unknown.json?.error).toMatchObject({ code: -32602, message: 'Unknown tool: zeta' });
    const method = await post(http.url, { jsonrpc: '2.0', id: 7, method: 'resources/list' }, headers);
    expect(method.json?.error.code).toBe(-32601);
  });

  test('malformed JSON gets -32700 and a batch gets -32600, both HTTP 400, and the server keeps serving', async () => {
    await start();
    const garbage = await post(http.url, '{"jsonrpc": "2.0", "id": 1, "method": ', jsonHeaders);
    expect(garbage.status).toBe(400);
    expect(garbage.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(garbage.json).not.toHaveProperty('id');
    const batch = await post(http.url, [{ jsonrpc: '2.0', id: 1, method: 'ping' }], jsonHeaders);
    expect(batch.status).toBe(400);
    expect(batch.json?.error.code).toBe(-32600);
    expect(server.transcript.frames[0]).toMatchObject({
      direction: 'in',
      era: 'legacy',
      raw: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    await initialize();
  });
});
