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
