import { describe, expect, test } from 'vitest';
import { EventStream } from '../../exchange/event-stream.js';
import type { WireRequest } from '../../exchange/wire-request.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import type { FakeServer } from '../../fake-server.js';
import { ServerConnection } from './server-connection.js';

/** A server that answers every request with the next canned response. */
function cannedServer(responses: WireResponse[]) {
  const requests: WireRequest[] = [];
  const server = {
    handle: async (request: WireRequest) => {
      requests.push(request);
      const next = responses.shift();
      if (!next) throw new Error('no canned response left');
      return next;
    },
    addExitListener: () => () => {},
  } as unknown as FakeServer;
  return { server, requests };
}

function peer() {
  const sent: string[] = [];
  let closed = 0;
  return {
    sent,
    closedCount: () => closed,
    peer: { send: (text: string) => sent.push(text), close: () => (closed += 1) },
  };
}

describe('ServerConnection', () => {
  test('hands each message to the server with its connection id and no headers', async () => {
    const { server, requests } = cannedServer([{ status: 202, headers: {}, reply: { kind: 'empty' } }]);
    const p = peer();
    const connection = new ServerConnection(server, 'stdio', p.peer);
    await connection.receive('{"jsonrpc":"2.0","method":"x"}');
    expect(requests).toEqual([
      {
        transport: 'stdio',
        headers: {},
        body: '{"jsonrpc":"2.0","method":"x"}',
        connectionId: connection.connectionId,
      },
    ]);
    expect(p.sent).toEqual([]);
  });

  test('numbers connections per server', () => {
    const { server } = cannedServer([]);
    const first = new ServerConnection(server, 'stdio', peer().peer);
    const second = new ServerConnection(server, 'in-memory', peer().peer);
    expect([first.connectionId, second.connectionId]).toEqual(['1', '2']);
  });

  test('sends a raw reply verbatim (a malformed-JSON fault stays malformed)', async () => {
    const { server } = cannedServer([
      {
        status: 200,
        headers: {},
        reply: { kind: 'raw', contentType: 'application/json', body: '{"jsonrpc":' },
      },
    ]);
    const p = peer();
    await new ServerConnection(server, 'in-memory', p.peer).receive('{}');
    expect(p.sent).toEqual(['{"jsonrpc":']);
  });

  test('interleaves stream events with later replies, and a channel outlives its exchange', async () => {
    const listen = new EventStream('listen-1');
    const channel = new EventStream('conn-1');
    const { server } = cannedServer([
      { status: 200, headers: {}, reply: { kind: 'stream', stream: listen } },
      {
        status: 200,
        headers: {},
        reply: { kind: 'message', message: { jsonrpc: '2.0', id: 2, result: {} } },
        channel,
      },
    ]);
    const p = peer();
    const connection = new ServerConnection(server, 'stdio', p.peer);
    listen.write({ data: 'ack' });
    await connection.receive('listen');
    await connection.receive('initialize');
    listen.write({ data: 'changed' });
    channel.write({ data: 'list_changed' });
    listen.end('graceful');
    expect(p.sent).toEqual(['ack', '{"jsonrpc":"2.0","id":2,"result":{}}', 'changed', 'list_changed']);
    expect(p.closedCount()).toBe(0);
  });

  test('a dropped stream closes the whole channel and detaches the other streams', async () => {
    const listen = new EventStream('listen-1');
    const channel = new EventStream('conn-1');
    let channelDetached = false;
    channel.onDetach(() => {
      channelDetached = true;
    });
    const { server } = cannedServer([
      { status: 200, headers: {}, reply: { kind: 'stream', stream: listen } },
      { status: 200, headers: {}, reply: { kind: 'empty' }, channel },
    ]);
    const p = peer();
    const connection = new ServerConnection(server, 'stdio', p.peer);
    await connection.receive('a');
    await connection.receive('b');
    listen.end('drop');
    expect(p.closedCount()).toBe(1);
    expect(channelDetached).toBe(true);
    expect(connection.open).toBe(false);
  });

  test('after the peer closed, replies are not delivered and streams are detached', async () => {
    const listen = new EventStream('listen-1');
    let release!: (response: WireResponse) => void;
    const server = {
      handle: () => new Promise<WireResponse>((resolve) => (release = resolve)),
      addExitListener: () => () => {},
    } as unknown as FakeServer;
    const p = peer();
    const connection = new ServerConnection(server, 'stdio', p.peer);
    const pending = connection.receive('late');
    connection.peerClosed();
    release({ status: 200, headers: {}, reply: { kind: 'stream', stream: listen } });
    await pending;
    listen.write({ data: 'x' });
    expect(p.sent).toEqual([]);
  });

  test('an exitProcess of the server closes the channel, as the process exit would', () => {
    let exit!: () => void;
    const server = {
      handle: () => new Promise<WireResponse>(() => {}),
      addExitListener: (listener: () => void) => {
        exit = listener;
        return () => {};
      },
    } as unknown as FakeServer;
    const p = peer();
    const connection = new ServerConnection(server, 'stdio', p.peer);
    expect(connection.open).toBe(true);
    exit();
    expect(p.closedCount()).toBe(1);
    expect(connection.open).toBe(false);
  });
});
