import {
  addTool,
  changeSchema,
  createFakeServer,
  type FakeServer,
  scriptBuilder,
} from '@toolshift/fake-server';
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

test('settle never ends between two pages of a listing, however long the client pauses, and names a cursor left unrequested', async () => {
  const server = createFakeServer(
    scriptBuilder('s').tools(tool('a'), tool('b'), tool('c')).pageSize(2).build(),
  );
  const exposed = ['a', 'b', 'c'].map((name) => ({ serverId: 'p', name }));
  const page1 = (await request(server, 'tools/list')).reply;
  const cursor =
    page1.kind === 'message'
      ? (page1.message as unknown as { result: { nextCursor: string } }).result.nextCursor
      : '';
  let ended = false;
  const settling = settle(
    [{ serverId: 'p', server }],
    () => exposed,
    () => () => {},
    { timeoutMs: 20_000, quietMs: 5, until: 'quiet' },
  ).finally(() => {
    ended = true;
  });
  // Forty quiet periods pass with the second page still unrequested.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(ended).toBe(false);
  await request(server, 'tools/list', { cursor });
  expect(await settling).toEqual({ settled: true });

  const complete = await settle(
    [{ serverId: 'p', server }],
    () => exposed,
    () => () => {},
    { timeoutMs: 50, quietMs: 5, until: 'quiet' },
  );
  expect(complete).toEqual({ settled: true });
  await request(server, 'tools/list');
  const stuck = await settle(
    [{ serverId: 'p', server }],
    () => exposed,
    () => () => {},
    { timeoutMs: 50, quietMs: 5, until: 'quiet' },
  );
  expect(stuck).toEqual({
    settled: false,
    reason: expect.stringMatching(
      /^after 50 ms the client had not requested nextCursor ".+" offered at #\d+ \(p\)$/,
    ),
  });
});

test('a schema the client rewrote counts as converged; a stale one does not (issue 9, point 6)', async () => {
  const strict = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false };
  const loose = { type: 'object', properties: { q: { type: 'string' }, n: { type: 'number' } } };
  const server = createFakeServer(
    scriptBuilder('s')
      .tools({ name: 'a', inputSchema: loose })
      .step('tighten', changeSchema('a', { inputSchema: strict }))
      .build(),
  );
  await request(server, 'tools/list');
  server.apply('tighten');
  await request(server, 'tools/list');
  // As served now: converged.
  expect(exposureMatches([{ serverId: 'p', name: 'a', inputSchema: strict }], server, 'p')).toBe(true);
  // Normalized for a provider (additionalProperties relaxed): no revision served it, nearest the current one.
  const normalized = { ...strict, additionalProperties: true };
  expect(exposureMatches([{ serverId: 'p', name: 'a', inputSchema: normalized }], server, 'p')).toBe(true);
  const settled = await settle(
    [{ serverId: 'p', server }],
    () => [{ serverId: 'p', name: 'a', inputSchema: normalized }],
    () => () => {},
    { timeoutMs: 2000, quietMs: 10 },
  );
  expect(settled).toEqual({ settled: true });
  // The schema the first catalog revision served: stale, the client has not converged.
  expect(exposureMatches([{ serverId: 'p', name: 'a', inputSchema: loose }], server, 'p')).toBe(false);
});

test('a client that reports no exposures (judged on the wire) settles once its listing is answered and the wire is quiet, instead of waiting out the bound', async () => {
  const server = createFakeServer(scriptBuilder('s').tools(tool('a')).build());
  await request(server, 'tools/list');
  const target = [{ serverId: 'primary', server }];
  const none = () => undefined;
  const listen = () => () => undefined;
  // Without exposures the completed listing waits to be shown, up to the bound…
  const waiting = await settle(target, none, listen, {
    until: 'quiet',
    timeoutMs: 300,
    quietMs: 20,
    exposures: () => [],
  });
  expect(waiting).toMatchObject({
    settled: false,
    reason: expect.stringContaining('had not reported an exposure since the listing'),
  });
  // …unless the client reports none at all: then the quiet wire is the end.
  const done = await settle(target, none, listen, {
    until: 'quiet',
    timeoutMs: 20_000,
    quietMs: 20,
    exposures: () => [],
    reportsExposures: false,
  });
  expect(done).toEqual({ settled: true });
});
