import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { createInProcessFetch } from './in-process-fetch.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const post = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  },
  body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
});

/** A gate that holds every delivery until the test releases it, in the order the test chooses. */
function manualGate() {
  const waiting: Array<{ label: string; release: () => void }> = [];
  return {
    waiting,
    gate: { pass: (label: string) => new Promise<void>((release) => waiting.push({ label, release })) },
    async release(prefix: string) {
      for (let i = 0; i < 50 && !waiting.some((w) => w.label.startsWith(prefix)); i++)
        await Promise.resolve();
      const index = waiting.findIndex((w) => w.label.startsWith(prefix));
      if (index < 0)
        throw new Error(`no delivery ${prefix} waiting; waiting: ${waiting.map((w) => w.label).join(', ')}`);
      waiting.splice(index, 1)[0]!.release();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

test('a request reaches the server only when its send gate opens, and the answer only when its receive gate opens', async () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .tools({ name: 'a', inputSchema: { type: 'object' } })
      .build(),
  );
  const { gate, release, waiting } = manualGate();
  const fetch = createInProcessFetch(server, gate);
  const answer = fetch('http://toolshift.test/mcp', post(1, 'tools/list'));
  await release('send#1 POST tools/list');
  expect(
    server.transcript.frames.some((f) => (f.message as { method?: string })?.method === 'tools/list'),
  ).toBe(true);
  expect(waiting.map((w) => w.label)).toEqual(['recv#1 200 POST tools/list']);
  await release('recv#1');
  const body = (await (await answer).json()) as { result: { tools: Array<{ name: string }> } };
  expect(body.result.tools.map((t) => t.name)).toEqual(['a']);
});

test('stream events wait for their own gates, in stream order, and aborting the request closes the stream', async () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .tools({ name: 'a', inputSchema: { type: 'object' } })
      .build(),
  );
  const { gate, release } = manualGate();
  const fetch = createInProcessFetch(server, gate);
  const controller = new AbortController();
  const listening = fetch('http://toolshift.test/mcp', {
    ...post(1, 'subscriptions/listen', { notifications: { toolsListChanged: true } }),
    signal: controller.signal,
  });
  await release('send#1');
  await release('recv#1');
  const reader = (await listening).body!.getReader();
  server.apply({ action: 'addTool', tool: { name: 'b', inputSchema: { type: 'object' } } });
  await release('event#1.1'); // the acknowledgement
  await release('event#1.2'); // the change notification
  const text = new TextDecoder();
  let received = '';
  while (!received.includes('notifications/tools/list_changed'))
    received += text.decode((await reader.read()).value);
  expect(received.indexOf('acknowledged')).toBeLessThan(received.indexOf('list_changed'));
  controller.abort();
  await new Promise((resolve) => setImmediate(resolve));
  expect(server.transcript.frames.at(-1)).toMatchObject({ kind: 'stream-close', closeMode: 'client' });
});

test('a call read directly (URL and string body) reaches the server exactly as the same call made through a Request', async () => {
  const script = scriptBuilder('t')
    .tools({ name: 'a', inputSchema: { type: 'object' } })
    .build();
  const open = { pass: async () => {} };
  const request = post(1, 'tools/list');
  const calls: Array<[string, (fetch: typeof globalThis.fetch) => Promise<Response>]> = [
    ['string URL, record headers', (fetch) => fetch('http://toolshift.test/mcp', request)],
    [
      'URL object, Headers, lower-case method',
      (fetch) =>
        fetch(new URL('http://TOOLSHIFT.test:80/mcp'), {
          ...request,
          method: 'post',
          headers: new Headers(request.headers),
        }),
    ],
    [
      'header pairs',
      (fetch) => fetch('http://toolshift.test/mcp', { ...request, headers: Object.entries(request.headers) }),
    ],
    ['a Request', (fetch) => fetch(new Request('http://toolshift.test/mcp', request))],
    [
      'a byte body',
      (fetch) =>
        fetch('http://toolshift.test/mcp', { ...request, body: new TextEncoder().encode(request.body) }),
    ],
  ];
  const seen: unknown[] = [];
  for (const [what, call] of calls) {
    const server = createFakeServer(script);
    const handle = server.handle.bind(server);
    let received: unknown;
    server.handle = (wire) => {
      received = wire;
      return handle(wire);
    };
    const response = await call(createInProcessFetch(server, open));
    expect(response.status, what).toBe(200);
    expect(response.headers.get('content-type'), what).toBe('application/json');
    seen.push(received);
  }
  expect(seen[0]).toMatchObject({
    transport: 'msw',
    httpMethod: 'POST',
    endpointUrl: 'http://toolshift.test/mcp',
    headers: { 'content-type': 'application/json', 'mcp-method': 'tools/list' },
    body: request.body,
  });
  for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
});

test('calls fetch refuses (a GET with a body, credentials in the URL, a forbidden method) are refused, before any delivery', async () => {
  const server = createFakeServer(scriptBuilder('t').build());
  const fetch = createInProcessFetch(server, { pass: async () => expect.unreachable('no delivery') });
  await expect(fetch('http://toolshift.test/mcp', { method: 'GET', body: 'x' })).rejects.toThrow(TypeError);
  await expect(fetch('http://user:secret@toolshift.test/mcp', post(1, 'tools/list'))).rejects.toThrow(
    TypeError,
  );
  await expect(fetch('http://toolshift.test/mcp', { method: 'TRACE' })).rejects.toThrow(TypeError);
  expect(server.transcript.frames).toEqual([]);
});
