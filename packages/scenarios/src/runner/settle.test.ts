import { addTool, createFakeServer, type FakeServer, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { exposureMatches, settle, unansweredSignal } from './settle.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
let id = 0;
const request = (server: FakeServer, method: string, params: Record<string, unknown> = {}) =>
  server.handle({
    transport: 'in-memory',
    headers: {},
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta } }),
  });
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

test('a change notification counts as unanswered until a page-one tools/list follows it', async () => {
  const server = createFakeServer(
    scriptBuilder('s')
      .tools(tool('a'))
      .step('add-b', addTool(tool('b')))
      .build(),
  );
  await request(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  await request(server, 'tools/list');
  expect(unansweredSignal(server)).toBeUndefined();
  server.apply('add-b');
  expect(unansweredSignal(server)).toMatchObject({ seq: expect.any(Number) });
  await request(server, 'tools/list');
  expect(unansweredSignal(server)).toBeUndefined();
});

test('each principal’s latest change notification must be answered by that principal', async () => {
  const server = createFakeServer(
    scriptBuilder('s')
      .tools(tool('a'))
      .auth({
        tokens: [
          { token: 'token-admin', principal: 'admin' },
          { token: 'token-user', principal: 'user' },
        ],
      })
      .step('add-b', addTool(tool('b')))
      .build(),
  );
  const as = (token: string, method: string, params: Record<string, unknown> = {}) =>
    server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta } }),
    });
  await as('token-user', 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  await as('token-admin', 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  server.apply('add-b');
  await as('token-admin', 'tools/list');
  // The admin answered its (later) signal; the user's is still open.
  expect(unansweredSignal(server)).toMatchObject({ principal: 'user' });
  await as('token-user', 'tools/list');
  expect(unansweredSignal(server)).toBeUndefined();
});

test('settle converges on a matching exposure and a quiet wire, and explains a timeout', async () => {
  const server = createFakeServer(scriptBuilder('s').tools(tool('a')).build());
  const exposed = [{ serverId: 'p', name: 'a', inputSchema: { type: 'object' } }];
  expect(exposureMatches(exposed, server, 'p')).toBe(true);
  expect(exposureMatches([], server, 'p')).toBe(false);
  const ok = await settle(
    [{ serverId: 'p', server }],
    () => exposed,
    () => () => {},
    { timeoutMs: 500, quietMs: 10 },
  );
  expect(ok).toEqual({ settled: true });
  const stuck = await settle(
    [{ serverId: 'p', server }],
    () => [],
    () => () => {},
    { timeoutMs: 50, quietMs: 10 },
  );
  expect(stuck).toMatchObject({
    settled: false,
    reason: expect.stringContaining("the client's exposure for p lacks [a], while the server holds [a]"),
  });
  const quiet = await settle(
    [{ serverId: 'p', server }],
    () => [],
    () => () => {},
    { timeoutMs: 500, quietMs: 10, until: 'quiet' },
  );
  expect(quiet).toEqual({ settled: true });
});
