// Issue 9 (same-seed runs must tear down alike): `determinism.test.ts` once saw one run's reference
// client send a `notifications/cancelled` at close that the other run's did not. close() let its
// goodbye race: the cancellation of an aborted request went to the transport while the transport
// was being closed, and a close whose budget ran out left the rest running in the background, so how
// much reached the server depended on the machine's load. Now close() delivers its goodbye in one
// order (change stream, request cancellations, session end, transport) and abandons what its budget
// leaves. Both races are forced here, without sleeps: the cancellation is held by the peer.
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { expect, test, vi } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { openSse, type PeerRequest, startHostilePeer } from '../integration/hostile-peer.js';
import { testResources } from '../integration/test-resources.js';

const cleanup = testResources();
const clientInfo = { name: 'close-order', version: '1.0.0' };
const IO = { timeout: 15_000, interval: 10 };
const search = { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };

/**
 * A legacy MCP server as an SDK `Transport` the test holds in its hand: it answers the handshake and
 * `tools/list`, never answers `tools/call`, and keeps the promise of every `notifications/cancelled`
 * the client sends pending until the test releases it. `log` is what the client did, in order.
 */
class HoldingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly log: string[] = [];
  private releases: Array<() => void> = [];

  async start(): Promise<void> {}

  send(message: JSONRPCMessage): Promise<void> {
    if (!('method' in message)) return Promise.resolve();
    const held = this.releases.length > 0 ? ' (a cancellation still undelivered)' : '';
    this.log.push(`send ${message.method}${held}`);
    if (message.method === 'notifications/cancelled') {
      return new Promise<void>((resolve) =>
        this.releases.push(() => {
          this.log.push('cancellation delivered');
          resolve();
        }),
      );
    }
    if (!('id' in message)) return Promise.resolve();
    const reply = (result: Record<string, unknown>) =>
      queueMicrotask(() => this.onmessage?.({ jsonrpc: '2.0', id: message.id, result }));
    if (message.method === 'initialize') {
      reply({
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'holding', version: '1.0.0' },
      });
    } else if (message.method === 'tools/list') reply({ tools: [search] });
    return Promise.resolve();
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return; // the SDK's client and the host each close it
    this.closed = true;
    this.log.push(`close${this.releases.length > 0 ? ' (a cancellation still undelivered)' : ''}`);
    this.onclose?.();
  }

  /** Delivers every held cancellation. */
  release(): void {
    const releases = this.releases;
    this.releases = [];
    for (const each of releases) each();
  }

  holding(): boolean {
    return this.releases.length > 0;
  }
}

test('close delivers the cancellation of an in-flight request before it closes the transport', async () => {
  const transport = new HoldingTransport();
  const host = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' } });
  cleanup.push(() => host.close());
  const state = await host.addServer({ serverId: 'held', transport: () => transport, era: 'legacy' });
  expect(state).toMatchObject({ state: 'ready', toolCount: 1 });
  const call = host
    .callTool({ serverId: 'held', toolName: 'search', arguments: { q: 'x' } })
    .catch(() => 'failed');
  await vi.waitFor(() => expect(transport.log).toContain('send tools/call'), IO);

  const closing = host.close();
  await vi.waitFor(() => expect(transport.holding()).toBe(true), IO);
  // Everything close() does without waiting for the cancellation runs before the next macrotask:
  // the old close() had closed the transport by then, with the cancellation still in flight.
  await new Promise((resolve) => setImmediate(resolve));
  expect(transport.log).not.toContain('close (a cancellation still undelivered)');
  transport.release();
  await closing;
  expect(await call).toBe('failed');
  expect(transport.log.slice(transport.log.indexOf('send tools/call'))).toEqual([
    'send tools/call',
    'send notifications/cancelled',
    'cancellation delivered',
    'close',
  ]);
});

test('a close whose budget runs out abandons its goodbye instead of leaving it on the wire', async () => {
  let gaveUp = false;
  const peer = await startHostilePeer({
    eras: ['modern'],
    tools: [search],
    toolsCapability: { listChanged: true },
    on: {
      'subscriptions/listen': (request: PeerRequest, res: ServerResponse) => {
        openSse(res);
        const meta = { 'io.modelcontextprotocol/subscriptionId': request.id };
        const ack = {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: meta, notifications: { toolsListChanged: true } },
        };
        res.write(`event: message\ndata: ${JSON.stringify(ack)}\n\n`);
      },
      // The listen's cancellation is received and never answered.
      'notifications/cancelled': (_request: PeerRequest, res: ServerResponse) => {
        res.on('close', () => {
          gaveUp = !res.writableEnded;
        });
      },
    },
  });
  cleanup.push(() => peer.close());
  // The budget only has to outlast the cancellation's way to the peer, which then never answers.
  const host = new DiscoveryHost({
    clientInfo,
    permissions: { defaultDecision: 'allow' },
    closeBudgetMs: 1_000,
  });
  cleanup.push(() => host.close());
  await host.addServer({ serverId: 'mute', url: peer.url, era: 'modern' });
  await vi.waitFor(() => expect(host.serverState('mute')).toMatchObject({ changeSignal: 'listen' }), IO);

  await host.close();
  // The old close() resolved at its budget and left the held exchange waiting in the background,
  // so whatever the server did later still reached this host; now the client gives it up. (Had
  // the cancellation not reached the peer by then, it was aborted before it left: nothing to see.)
  if (peer.calls('notifications/cancelled').length > 0) await vi.waitFor(() => expect(gaveUp).toBe(true), IO);
  expect(peer.calls('notifications/cancelled').length).toBeLessThanOrEqual(1);
});
