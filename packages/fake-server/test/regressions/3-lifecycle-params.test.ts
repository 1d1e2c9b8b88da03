// Regression (issue 3 review): a legacy `initialize` without params created a session; a second
// `initialize` on a live session silently replaced it; `tools/call` without `name` was answered as
// an unknown tool named "undefined" (and over modern HTTP as a header mismatch). Now -32602 (HTTP
// 400, no session), 400 + -32600 (the live session stays), and -32602 with a message naming `name`.
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer } from '../../src/index.js';
import { modernHeaders, modernMeta, post } from '../support/mcp-http.js';
import { stdioPipes } from '../support/stdio-pipes.js';

const script = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
} as const;
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initParams = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 't', version: '0' },
};
const initialize = (id: number, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  ...(params === undefined ? {} : { params }),
});

let http: HttpTransport | undefined;
afterEach(async () => {
  await http?.close('drop');
  http = undefined;
});

describe('legacy initialize over HTTP', () => {
  test.each([
    ['no params', undefined, 'initialize needs params'],
    ['no protocolVersion', { capabilities: {}, clientInfo: initParams.clientInfo }, 'protocolVersion'],
    ['no capabilities', { protocolVersion: '2025-11-25', clientInfo: initParams.clientInfo }, 'capabilities'],
    ['a clientInfo without version', { ...initParams, clientInfo: { name: 't' } }, 'clientInfo'],
  ])('with %s gets 400 + -32602 and no session', async (_label, params, names) => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const refused = await post(http.url, initialize(1, params), jsonHeaders);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ id: 1, error: { code: -32602 } });
    expect(refused.json?.error.message).toContain(names);
    expect(refused.headers.get('mcp-session-id')).toBeNull();
  });

  test('a second initialize on a live session gets 400 + -32600; the session keeps working', async () => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const first = await post(http.url, initialize(1, initParams), jsonHeaders);
    const sessionId = first.headers.get('mcp-session-id')!;
    const sessionHeaders = {
      ...jsonHeaders,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    };
    const again = await post(http.url, initialize(2, initParams), sessionHeaders);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32600 } });
    expect(again.json?.error.message).toContain('already initialized');
    const list = await post(http.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, sessionHeaders);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ id: 3, result: { tools: [{ name: 'alpha' }] } });
    // Without the id (or once the session ended) initialize starts a new session, as a new client would.
    const fresh = await post(http.url, initialize(4, initParams), jsonHeaders);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('mcp-session-id')).not.toBe(sessionId);
    expect((await fetch(http.url, { method: 'DELETE', headers: sessionHeaders })).status).toBe(200);
    const afterEnd = await post(http.url, initialize(5, initParams), sessionHeaders);
    expect(afterEnd.status).toBe(200);
  });
});

describe('legacy initialize over stdio', () => {
  test('without params gets -32602; a second initialize on the live connection session gets -32600', async () => {
    const server = createFakeServer(script);
    const pipes = stdioPipes(server);
    pipes.write(JSON.stringify(initialize(1)));
    expect(await pipes.next()).toMatchObject([{ id: 1, error: { code: -32602 } }]);
    pipes.write(JSON.stringify(initialize(2, initParams)));
    expect(await pipes.next()).toMatchObject([{ id: 2, result: { protocolVersion: '2025-11-25' } }]);
    pipes.write(JSON.stringify(initialize(3, initParams)));
    expect(await pipes.next()).toMatchObject([{ id: 3, error: { code: -32600 } }]);
    pipes.write(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' }));
    expect(await pipes.next()).toMatchObject([{ id: 4, result: { tools: [{ name: 'alpha' }] } }]);
    pipes.stdio.close('drop');
  });
});

describe('tools/call without a name', () => {
  test.each([
    ['no name', { arguments: {} }, 'params.name'],
    ['an empty name', { name: '', arguments: {} }, 'params.name'],
    ['array arguments', { name: 'alpha', arguments: [1] }, 'params.arguments'],
  ] as Array<[string, { name?: string; arguments: unknown }, string]>)(
    'modern HTTP: %s gets -32602 naming the param',
    async (_label, params, names) => {
      const server = createFakeServer(script);
      http = await startHttpTransport(server);
      const headers = modernHeaders('tools/call', params.name ? { 'mcp-name': params.name } : {});
      const reply = await post(
        http.url,
        { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { ...params, _meta: modernMeta } },
        headers,
      );
      expect(reply.json).toMatchObject({ id: 9, error: { code: -32602 } });
      expect(reply.json?.error.message).toContain(names);
    },
  );

  test('legacy stdio: no name gets -32602 naming params.name', async () => {
    const server = createFakeServer(script);
    const pipes = stdioPipes(server);
    pipes.write(JSON.stringify(initialize(1, initParams)));
    await pipes.next();
    pipes.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: {} } }));
    const [reply] = await pipes.next();
    expect(reply).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(reply!.error.message).toContain('params.name');
    pipes.stdio.close('drop');
  });
});
