import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { addTool, createFakeServer, type FakeServer, scriptBuilder } from '../../src/index.js';
import { modernHeaders, modernMeta, openSse, post } from '../support/mcp-http.js';

const tool = (name: string) => ({
  name,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
});
let server: FakeServer;
let http: HttpTransport;

async function start(
  build = scriptBuilder('modern')
    .tools(tool('alpha'))
    .step('add-beta', addTool(tool('beta'))),
) {
  server = createFakeServer(build.build());
  http = await startHttpTransport(server);
}

afterEach(async () => {
  await http?.close();
});

describe('modern (2026-07-28) over Streamable HTTP', () => {
  test('server/discover answers with versions, capabilities, freshness hints and serverInfo in _meta', async () => {
    await start();
    const res = await post(
      http.url,
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } },
      modernHeaders('server/discover'),
    );
    expect(res.status).toBe(200);
    expect(res.json?.result).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      ttlMs: 3_600_000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolshift-fake-server', version: '1.0.0' } },
    });
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(server.transcript.frames.every((f) => f.era === 'modern')).toBe(true);
  });

  test('a missing _meta key gets -32602 with HTTP 400', async () => {
    await start();
    const res = await post(
      http.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
      modernHeaders('tools/list'),
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      id: 1,
      error: {
        code: -32602,
        message: 'Missing required _meta key: io.modelcontextprotocol/clientCapabilities',
      },
    });
  });

  test('an unsupported version gets -32022 naming every supported version, HTTP 400', async () => {
    await start();
    const meta = { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2030-01-01' };
    const res = await post(
      http.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
      modernHeaders('tools/list', { 'mcp-protocol-version': '2030-01-01' }),
    );
    expect(res.status).toBe(400);
    expect(res.json?.error).toMatchObject({
      code: -32022,
      data: { requested: '2030-01-01', supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] },
    });
  });

  test('header mismatches get -32020 with HTTP 400; an unknown method gets 404 + -32601', async () => {
    await start();
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } };
    const wrongMethod = await post(http.url, body, modernHeaders('tools/call'));
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.json?.error.code).toBe(-32020);
    // A mismatched header wins over an unsupported _meta version: -32020, not -32022 (§5.1 order).
    const unsupportedAndMismatched = await post(
      http.url,
      {
        ...body,
        params: { _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2030-01-01' } },
      },
      modernHeaders('tools/list'),
    );
    expect(unsupportedAndMismatched.status).toBe(400);
    expect(unsupportedAndMismatched.json?.error.code).toBe(-32020);
    const noVersion = await post(http.url, body, {
      ...modernHeaders('tools/list'),
      'mcp-protocol-version': '2025-11-25',
    });
    expect(noVersion.status).toBe(400);
    expect(noVersion.json?.error.code).toBe(-32020);
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'alpha', arguments: {}, _meta: modernMeta },
    };
    const wrongName = await post(http.url, call, modernHeaders('tools/call', { 'mcp-name': 'beta' }));
    expect(wrongName.json?.error.code).toBe(-32020);
    const encoded = await post(
      http.url,
      call,
      modernHeaders('tools/call', { 'mcp-name': `=?base64?${Buffer.from('alpha').toString('base64')}?=` }),
    );
    expect(encoded.json?.result.content).toEqual([{ type: 'text', text: '{}' }]);
    const unknown = await post(
      http.url,
      { jsonrpc: '2.0', id: 3, method: 'prompts/list', params: { _meta: modernMeta } },
      modernHeaders('prompts/list'),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error.code).toBe(-32601);
  });

  test('tools/list results carry resultType, ttlMs and cacheScope on every page', async () => {
    await start(
      scriptBuilder('paged')
        .tools(tool('a'), tool('b'), tool('c'))
        .pageSize(2)
        .freshness({ ttlMs: 1234, cacheScope: 'private' }),
    );
    const first = await post(
      http.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
      modernHeaders('tools/list'),
    );
    expect(first.json?.result).toMatchObject({ resultType: 'complete', ttlMs: 1234, cacheScope: 'private' });
    expect(first.json?.result.tools.map((t: { name: string }) => t.name)).toEqual(['a', 'b']);
    const cursor = first.json?.result.nextCursor;
    expect(typeof cursor).toBe('string');
    const second = await post(
      http.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor, _meta: modernMeta } },
      modernHeaders('tools/list'),
    );
    expect(second.json?.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 1234,
      cacheScope: 'private',
      tools: [{ name: 'c' }],
    });
    expect(second.json?.result).not.toHaveProperty('nextCursor');
  });

  test('subscriptions/listen acknowledges first, tags every message, and ends with the graceful result', async () => {
    await start();
    const sse = await openSse(http.url, {
      method: 'POST',
      headers: modernHeaders('subscriptions/listen'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: { _meta: modernMeta, notifications: { toolsListChanged: true, promptsListChanged: true } },
      }),
    });
    expect(sse.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await sse.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' },
        notifications: { toolsListChanged: true },
      },
    });
    server.apply('add-beta');
    expect(await sse.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
    });
    server.close('graceful');
    expect(await sse.next()).toEqual({
      jsonrpc: '2.0',
      id: 'listen-1',
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
    });
    expect(await sse.ended()).toBe(true);
    const kinds = server.transcript.frames
      .filter((f) => f.streamId === 'listen-1')
      .map((f) => `${f.direction}:${f.kind}`);
    expect(kinds).toEqual([
      'out:stream-open',
      'out:message',
      'out:message',
      'out:message',
      'out:stream-close',
    ]);
  });

  test('a server that serves only the modern era answers GET with 405 and initialize with its versions', async () => {
    await start(scriptBuilder('modern-only').eras('modern').tools(tool('alpha')));
    const get = await fetch(http.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const init = await post(
      http.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    );
    expect(init.status).toBe(400);
    expect(init.json?.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'] } });
  });

  test('a client closing its listen stream ends the subscription; later changes go nowhere', async () => {
    await start();
    const sse = await openSse(http.url, {
      method: 'POST',
      headers: modernHeaders('subscriptions/listen'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'subscriptions/listen',
        params: { _meta: modernMeta, notifications: { toolsListChanged: true } },
      }),
    });
    await sse.next();
    expect(server.openStreamCount()).toBe(1);
    sse.close();
    await server.waitFor((f) => f.kind === 'stream-close' && f.closeMode === 'client');
    expect(server.openStreamCount()).toBe(0);
    server.apply('add-beta');
    expect(
      server.transcript.frames.some(
        (f) => (f.message as { method?: string } | undefined)?.method === 'notifications/tools/list_changed',
      ),
    ).toBe(false);
  });
});
