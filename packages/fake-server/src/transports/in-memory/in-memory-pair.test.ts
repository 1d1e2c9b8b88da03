import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, test } from 'vitest';
import { createFakeServer } from '../../create-fake-server.js';
import type { FakeServer } from '../../fake-server.js';
import { createInMemoryPair } from './in-memory-pair.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function collect(client: ReturnType<typeof createInMemoryPair>[0]) {
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closed = 0;
  client.onmessage = (message) => messages.push(message);
  client.onerror = (error) => errors.push(error);
  client.onclose = () => (closed += 1);
  return { messages, errors, closedCount: () => closed };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createInMemoryPair', () => {
  test('carries a request to the fake server and its reply back as an object', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const [client] = createInMemoryPair(server);
    const seen = collect(client);
    await client.start();
    await client.send({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
    await tick();
    expect(seen.messages).toHaveLength(1);
    expect(seen.messages[0]).toMatchObject({ id: 1, result: { supportedVersions: ['2026-07-28'] } });
    const inbound = server.transcript.frames.find((f) => f.direction === 'in');
    expect(inbound).toMatchObject({ transport: 'in-memory', streamId: `conn-${client.connectionId}` });
  });

  test('a reply that is not JSON reaches onerror as a SyntaxError, and later replies still arrive', async () => {
    const replies = ['{"jsonrpc":"2.0","id":1,"resu', '{"jsonrpc":"2.0","id":2,"result":{}}'];
    const server = {
      attachTransport: () => () => undefined,
      handle: async () => ({
        status: 200,
        headers: {},
        reply: { kind: 'raw', contentType: 'application/json', body: replies.shift() },
      }),
      addExitListener: () => () => {},
    } as unknown as FakeServer;
    const [client] = createInMemoryPair(server);
    const seen = collect(client);
    await client.start();
    await client.send({ jsonrpc: '2.0', id: 1, method: 'a' });
    await client.send({ jsonrpc: '2.0', id: 2, method: 'b' });
    await tick();
    expect(seen.errors).toHaveLength(1);
    expect(seen.errors[0]).toBeInstanceOf(SyntaxError);
    expect(seen.messages).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  test('closing the server end fires the client onclose once and ends the connection streams', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const [client, serverEnd] = createInMemoryPair(server);
    const seen = collect(client);
    await client.start();
    await client.send({
      jsonrpc: '2.0',
      id: 'L',
      method: 'subscriptions/listen',
      params: { _meta: meta, notifications: { toolsListChanged: true } },
    });
    await tick();
    expect(server.openStreamCount()).toBe(1);
    serverEnd.close();
    serverEnd.close();
    await tick();
    expect(seen.closedCount()).toBe(1);
    expect(server.openStreamCount()).toBe(0);
    await expect(client.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/);
  });
});
