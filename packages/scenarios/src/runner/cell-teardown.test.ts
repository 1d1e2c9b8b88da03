import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, expect, test } from 'vitest';
import { oneValidTool } from '../../catalog/discovery/one-valid-tool.scenario.js';
import type { ClientAdapter } from '../adapters/client-adapter.js';
import { type CellServers, startCellServers } from './cell-servers.js';
import { CLIENT_GONE_GRACE_MS, tearDownCell } from './cell-teardown.js';

let servers: CellServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

/** An SDK client on the cell's server (legacy: it holds a GET stream), and an adapter whose close() is `close`. */
async function connectedClient(close: (client: Client) => Promise<void>) {
  servers = await startCellServers(oneValidTool, 'http', undefined, 'legacy');
  const [server] = servers.list;
  const client = new Client({ name: 'teardown-test', version: '1.0.0' });
  const url = 'url' in server!.served.target ? server!.served.target.url : '';
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await server!.fake.waitFor((frame) => frame.kind === 'stream-open' && frame.streamId.startsWith('get-'));
  const adapter: ClientAdapter = {
    connect: async () => {},
    callTool: async () => ({ ok: false, error: 'unused' }),
    close: () => close(client),
  };
  return { adapter, fake: server!.fake, servers };
}

test('teardown waits for the client to close its streams before it closes the server', async () => {
  // This client's close() returns before its stream is gone (it lets go a moment later).
  const {
    adapter,
    fake,
    servers: cell,
  } = await connectedClient(async (client) => {
    setTimeout(() => void client.close(), 50);
  });
  const notes: string[] = [];
  await tearDownCell(adapter, cell, { actionTimeoutMs: 5000, note: (text) => notes.push(text) });
  const closes = fake.transcript.frames.filter((frame) => frame.kind === 'stream-close');
  expect(closes).toEqual([expect.objectContaining({ direction: 'in', closeMode: 'client' })]);
  expect(notes).toEqual([]);
});

test('a client that keeps a stream open after close() gets it ended by the server after the grace period, with a note', async () => {
  let keep: Client | undefined;
  const {
    adapter,
    fake,
    servers: cell,
  } = await connectedClient(async (client) => {
    keep = client;
  });
  const notes: string[] = [];
  await tearDownCell(adapter, cell, { actionTimeoutMs: 5000, note: (text) => notes.push(text) });
  expect(fake.transcript.frames.filter((frame) => frame.kind === 'stream-close')).toEqual([
    expect.objectContaining({ direction: 'out' }),
  ]);
  expect(notes).toEqual([
    `the client left 1 stream(s) open ${CLIENT_GONE_GRACE_MS} ms after close(); the server ended them`,
  ]);
  await keep?.close();
});
