import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { DiscoveryHost, type DiscoveryHostOptions, type DiscoveryWarning } from '../../src/index.js';
import {
  firehose,
  type HostilePeer,
  type HostilePeerOptions,
  isModern,
  openSse,
  type PeerRequest,
  startHostilePeer,
} from './hostile-peer.js';
import { ManualClock } from './manual-clock.js';
import { testResources } from './test-resources.js';

/**
 * The bounds the reference client keeps against hostile servers, each asserted as a count, a byte
 * total or logical (host-clock) time: never on wall time. (Wall-clock waits below are only safety
 * nets for I/O to arrive on a busy machine.)
 */
const clientInfo = { name: 'hostile-bounds', version: '1.0.0' };
const cleanup = testResources();
const IO = { timeout: 15_000, interval: 10 };

async function peer(options: HostilePeerOptions): Promise<HostilePeer> {
  const started = await startHostilePeer(options);
  cleanup.push(() => started.close());
  return started;
}

function host(options: Partial<DiscoveryHostOptions> = {}) {
  const warnings: DiscoveryWarning[] = [];
  const created = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' }, ...options });
  created.onWarning((warning) => warnings.push(warning));
  cleanup.push(() => created.close());
  return { host: created, warnings };
}

const search = { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };

/** An SSE event carrying one JSON-RPC message. */
const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

/** Answers `subscriptions/listen` with an SSE stream: the acknowledgement, then whatever `then` writes. */
function listenStream(then: (res: ServerResponse, request: PeerRequest, peer: HostilePeer) => void) {
  return (request: PeerRequest, res: ServerResponse, self: HostilePeer) => {
    openSse(res);
    const meta = { 'io.modelcontextprotocol/subscriptionId': request.id };
    res.write(
      event({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: meta, notifications: { toolsListChanged: true } },
      }),
    );
    then(res, request, self);
  };
}

describe('never-answering server/discover probe', () => {
  it('falls back to initialize after probeTimeoutMs: one probe, then a legacy session', async () => {
    const server = await peer({
      tools: [search],
      on: { 'server/discover': () => true /* never answered */ },
    });
    const { host: discovery } = host({ probeTimeoutMs: 200 });
    const state = await discovery.addServer({ serverId: 'slow', url: server.url, era: 'auto' });
    expect(state).toMatchObject({
      state: 'ready',
      era: 'legacy',
      negotiationFallback: 'probe-timeout',
      toolCount: 1,
    });
    // The probe's bound is the SDK's wall-clock timeout: on a busy machine it can run out before the
    // peer has read the request (the abort closes the socket first), so the peer sees at most one
    // probe, and nothing but the legacy handshake after it.
    expect(server.calls('server/discover').length).toBeLessThanOrEqual(1);
    const methods = server.requests.map((r) => r.method).filter(Boolean);
    expect(methods.filter((method) => method !== 'server/discover').slice(0, 2)).toEqual([
      'initialize',
      'notifications/initialized',
    ]);
    expect(methods.indexOf('server/discover')).toBeLessThanOrEqual(0);
  });

  it.each([
    [
      'HTTP 503',
      (request: PeerRequest, res: ServerResponse, self: HostilePeer) =>
        self.error(res, request, 503, -32603, 'down'),
      'http-503',
    ],
    [
      'a JSON-RPC error',
      (request: PeerRequest, res: ServerResponse, self: HostilePeer) =>
        self.error(res, request, 200, -32601, 'Method not found'),
      undefined,
    ],
  ])('answered with %s, falls back to initialize', async (_label, answer, fallback) => {
    const server = await peer({ tools: [search], on: { 'server/discover': answer } });
    const state = await host().host.addServer({ serverId: 'old', url: server.url, era: 'auto' });
    expect(state).toMatchObject({ state: 'ready', era: 'legacy', toolCount: 1 });
    expect(state.negotiationFallback).toBe(fallback); // a JSON-RPC error is a legacy verdict of the SDK itself
    expect(server.calls('server/discover')).toHaveLength(1);
    expect(server.calls('initialize')).toHaveLength(1);
  });

  it('a slow modern-only server: the fallback initialize is refused (-32022), so modern is tried once more', async () => {
    const server = await peer({
      eras: ['modern'],
      tools: [search],
      on: {
        'server/discover': (request, res, self) => {
          // Answered, but only after the client's probe deadline.
          setTimeout(
            () =>
              self.reply(res, request, {
                supportedVersions: ['2026-07-28'],
                capabilities: { tools: {} },
                ttlMs: 0,
                cacheScope: 'public',
              }),
            300,
          );
          return true;
        },
      },
    });
    const state = await host({ probeTimeoutMs: 100 }).host.addServer({
      serverId: 'slow',
      url: server.url,
      era: 'auto',
    });
    expect(state).toMatchObject({
      state: 'ready',
      era: 'modern',
      toolCount: 1,
      negotiationFallback: 'probe-timeout, then modern-only',
    });
    expect(server.calls('initialize')).toHaveLength(1);
    expect(server.calls('tools/list').every((r) => isModern(r))).toBe(true);
  });

  it('close() during the probe resolves within the close budget and drops the socket', async () => {
    const server = await peer({ on: { 'server/discover': () => true } });
    const { host: discovery } = host({ probeTimeoutMs: 60_000 });
    const adding = discovery.addServer({ serverId: 'hang', url: server.url, era: 'auto' });
    await vi.waitFor(() => expect(server.calls('server/discover')).toHaveLength(1), IO);
    const closing = discovery.close();
    // close() settles (the budget is 100 ms of wall time; the probe alone would take 60 s).
    await closing;
    await adding;
    await vi.waitFor(() => expect(server.closedConnections).toBeGreaterThan(0), IO);
    expect(server.calls('initialize')).toHaveLength(0);
  });
});

describe('garbage in the response headers', () => {
  it('is malformed-response (the server answered), not network-unreachable', async () => {
    const server = await peer({
      on: {
        'tools/list': (_request, res) => {
          // A header name with a control character: no HTTP parser accepts it.
          res.socket!.end(
            'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Bad\u0001Header: 1\r\n\r\n{}',
          );
          return true;
        },
      },
    });
    const state = await host().host.addServer({ serverId: 'garbled', url: server.url, era: 'legacy' });
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'malformed-response', reason: 'unparseable-headers' },
    });
  });
});

describe('oversize listen stream', () => {
  it('is cut at maxStreamBytes, warned about, and reconnected only after a growing backoff', async () => {
    const MAX_STREAM = 64 * 1024;
    const server = await peer({
      eras: ['modern'],
      tools: [search],
      toolsCapability: { listChanged: true },
      on: {
        // Acknowledged, then nothing but padding: 1 KiB comments as fast as the socket drains.
        'subscriptions/listen': listenStream((res, _request, self) =>
          firehose(res, self, () => `: ${'x'.repeat(1022)}\n`),
        ),
      },
    });
    const clock = new ManualClock();
    const { host: discovery, warnings } = host({ clock, fetchBounds: { maxStreamBytes: MAX_STREAM } });
    const state = await discovery.addServer({ serverId: 'flood', url: server.url, era: 'modern' });
    expect(state).toMatchObject({ state: 'ready', toolCount: 1 });
    const oversize = () => warnings.filter((w) => w.kind === 'oversize-stream');
    const listens = () => server.calls('subscriptions/listen').length;
    await vi.waitFor(() => expect(oversize()).toHaveLength(1), IO);
    expect(oversize()[0]).toMatchObject({
      serverId: 'flood',
      endpoint: server.url,
      serverInfo: { name: 'hostile' },
    });
    expect(discovery.serverState('flood')).toMatchObject({
      changeSignal: 'polling',
      changeSignalNote: 'the listen stream ended (size-limit); listening again',
    });
    // Backoff with jitter 0.2 and random 0.5: attempt n waits 1,000 × 2^n × 0.9 ms of host time.
    let expected = 1;
    for (const waitMs of [900, 1_800, 3_600, 7_200]) {
      clock.advance(waitMs - 1);
      expect(listens()).toBe(expected); // not a moment early
      clock.advance(1);
      expected++;
      await vi.waitFor(() => expect(oversize()).toHaveLength(expected), IO);
      expect(listens()).toBe(expected);
    }
    // Each stream cost at most maxStreamBytes of the client's reading: 5 streams, 5 cuts.
    expect(oversize()).toHaveLength(5);
  });
});

describe('a notification storm', () => {
  it('costs O(1) re-lists: 50,000 list_changed start at most burst (5) listings at one instant, then one per refill', async () => {
    let stream: ServerResponse | undefined;
    let lists = 0;
    const STORM = 50_000;
    const server = await peer({
      eras: ['modern'],
      toolsCapability: { listChanged: true },
      on: {
        'subscriptions/listen': listenStream((res) => {
          stream = res;
        }),
        'tools/list': (request, res, self) => {
          self.reply(res, request, { tools: [search], ttlMs: 60_000, cacheScope: 'public' });
          if (++lists !== 1 || !stream) return;
          // After the first listing: the storm, then a graceful end of the stream (so the test
          // knows every notification was delivered).
          const meta = { 'io.modelcontextprotocol/subscriptionId': request.id };
          const note = event({
            jsonrpc: '2.0',
            method: 'notifications/tools/list_changed',
            params: { _meta: meta },
          });
          const target = stream;
          let sent = 0;
          const pump = () => {
            while (sent < STORM) {
              sent++;
              self.bytesWritten += note.length;
              if (!target.write(note)) {
                target.once('drain', pump);
                return;
              }
            }
            target.end();
          };
          pump();
        },
      },
    });
    const clock = new ManualClock();
    const { host: discovery, warnings } = host({ clock });
    expect((await discovery.addServer({ serverId: 'storm', url: server.url, era: 'modern' })).state).toBe(
      'ready',
    );
    await vi.waitFor(
      () => expect(discovery.serverState('storm').changeSignalNote).toMatch(/listen stream ended/),
      { timeout: 60_000, interval: 20 },
    );
    // With the host clock standing still, the storm bought the initial listing plus at most the
    // bucket of five re-lists: everything else was coalesced into one re-list waiting for a token.
    await vi.waitFor(() => expect(discovery.serverState('storm').listing).toBe('rate-limited'), IO);
    expect(server.calls('tools/list').length).toBeLessThanOrEqual(1 + 5);
    expect(warnings.filter((w) => w.kind === 'notification-storm')).toHaveLength(1);
    expect(warnings.find((w) => w.kind === 'notification-storm')).toMatchObject({
      serverId: 'storm',
      endpoint: server.url,
    });
    // Ten seconds later at most 10 s / 500 ms more listings could have started, and the registry is sound.
    const before = server.calls('tools/list').length;
    clock.advance(10_000);
    await vi.waitFor(() => expect(discovery.serverState('storm').state).toBe('ready'), IO);
    expect(server.calls('tools/list').length - before).toBeLessThanOrEqual(10_000 / 500);
    expect(discovery.tools().map((t) => t.name)).toEqual(['search']);
    // Bounded above its own I/O waits (60 s for the storm to arrive): under load it ran past 30 s.
  }, 120_000);
});

describe('a non-advancing cursor', () => {
  it.each(['legacy', 'modern'] as const)(
    'ends the listing and raises one warning naming the server (%s)',
    async (era) => {
      const server = await peer({
        on: {
          'tools/list': (request, res, self) => {
            self.reply(res, request, {
              tools: [search],
              nextCursor: 'stuck',
              ttlMs: 60_000,
              cacheScope: 'public',
            });
          },
        },
      });
      const { host: discovery, warnings } = host();
      const state = await discovery.addServer({ serverId: 'stuck', url: server.url, era });
      expect(state).toMatchObject({ state: 'ready', toolCount: 1 });
      expect(server.calls('tools/list')).toHaveLength(2);
      expect(warnings).toEqual([
        expect.objectContaining({
          serverId: 'stuck',
          endpoint: server.url,
          serverInfo: { name: 'hostile', version: '1.0.0' },
          kind: 'non-advancing-cursor',
          list: 'tools',
          message: expect.stringContaining('tools/list returned the cursor it was given'),
        }),
      ]);
      expect(discovery.audit.records().filter((r) => r.type === 'warning')).toHaveLength(1);
    },
  );
});

describe('{} and other incomplete input schemas', () => {
  it.each(['legacy', 'modern'] as const)(
    'are normalized to object schemas (recorded, warned once), a non-object root excluded by name (%s)',
    async (era) => {
      const tools = [
        { name: 'empty', inputSchema: {} },
        { name: 'dialect', inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema' } },
        { name: 'bare', inputSchema: { type: 'object' } },
        { name: 'word', inputSchema: { type: 'string' } },
        search,
      ];
      const server = await peer({ tools });
      const { host: discovery, warnings } = host();
      const state = await discovery.addServer({ serverId: 'loose', url: server.url, era });
      expect(state).toMatchObject({ state: 'ready', toolCount: 4, excludedCount: 1 });
      const empty = discovery.tool('loose', 'empty')!;
      expect(empty.inputSchema).toEqual({ type: 'object', properties: {} });
      expect(empty.serverInputSchema).toEqual({});
      expect(empty.normalizations).toHaveLength(2);
      expect(discovery.tool('loose', 'dialect')!.inputSchema).toMatchObject({
        type: 'object',
        properties: {},
      });
      expect(discovery.tool('loose', 'bare')!.normalizations).toEqual([
        { pointer: '/inputSchema/properties', change: 'added "properties": {}' },
      ]);
      expect(discovery.tool('loose', 'search')!.normalizations).toBeUndefined();
      expect(warnings.filter((w) => w.kind === 'schema-normalized').map((w) => w.toolName)).toEqual([
        'empty',
        'dialect',
        'bare',
      ]);
      expect(warnings.filter((w) => w.kind === 'tool-excluded')).toEqual([
        expect.objectContaining({
          serverId: 'loose',
          toolName: 'word',
          message: expect.stringContaining('root-not-object'),
        }),
      ]);
      // Providers get object schemas with properties; the call validates against the completed schema.
      for (const provider of ['openai-strict', 'anthropic', 'gemini']) {
        const exposure = await discovery.expose({ provider });
        expect(exposure.tools.map((t) => t.toolName).sort(), provider).toEqual([
          'bare',
          'dialect',
          'empty',
          'search',
        ]);
      }
      const result = await discovery.callTool({ serverId: 'loose', toolName: 'empty', arguments: {} });
      expect(result.isError).not.toBe(true);
      // An unchanged refresh reuses the records: no second round of warnings.
      await discovery.refresh('loose');
      expect(
        warnings.filter((w) => w.kind === 'schema-normalized' || w.kind === 'tool-excluded'),
      ).toHaveLength(4);
    },
  );
});
