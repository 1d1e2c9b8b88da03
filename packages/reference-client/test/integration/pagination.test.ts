import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { namesOf, requestsOf, startFakeEndpoint, tool } from './fake-endpoint.js';
import { type PeerHandler, startHostilePeer } from './hostile-peer.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'pagination-test', version: '1.0.0' };
const cleanup = testResources();

function newHost() {
  const host = new DiscoveryHost({ clientInfo });
  cleanup.push(() => host.close());
  return host;
}

async function peerListing(list: PeerHandler) {
  const peer = await startHostilePeer({ on: { 'tools/list': list } });
  cleanup.push(() => peer.close());
  return peer;
}

const named = (...names: string[]) => names.map((name) => ({ name, inputSchema: { type: 'object' } }));

describe.each(['legacy', 'modern'] as const)('pagination, %s era', (era) => {
  it('follows opaque cursors to the last page: 48 tools in pages of 30 (PG-01)', async () => {
    const tools = Array.from({ length: 48 }, (_, i) => tool(`t${i}`));
    const endpoint = await startFakeEndpoint(
      scriptBuilder('pg01')
        .tools(...tools)
        .pageSize(30)
        .build(),
    );
    cleanup.push(() => endpoint.close());
    const host = newHost();
    await host.addServer({ serverId: 'g', url: endpoint.url, era });
    const lists = requestsOf(endpoint.server.transcript.frames, 'tools/list');
    expect(lists).toHaveLength(2);
    const cursor = (lists[1]!.message as unknown as { params: { cursor: string } }).params.cursor;
    expect(typeof cursor).toBe('string');
    expect(namesOf(host.tools(), 'g')).toHaveLength(48);
  });

  it('survives a server that answers every page with nextCursor "" (PG-05)', async () => {
    const peer = await peerListing((request, res, self) => {
      self.reply(res, request, {
        tools: named('a', 'b', 'c', 'd', 'e'),
        nextCursor: '',
        ttlMs: 60_000,
        cacheScope: 'public',
      });
      return true;
    });
    const host = newHost();
    const state = await host.addServer({ serverId: 'p', url: peer.url, era });
    expect(state.state).toBe('ready');
    expect(namesOf(host.tools(), 'p')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(peer.calls('tools/list').length).toBeLessThanOrEqual(3);
    if (era === 'modern') {
      expect(peer.calls('tools/list').map((r) => r.params?.cursor)).toEqual([undefined, '']);
      expect(host.snapshot('p')!.warnings).toEqual(['repeated-cursor-ended']);
    } else expect(peer.calls('tools/list')).toHaveLength(1);
  });

  it('discards every page and restarts from page one when a cursor is rejected with -32602', async () => {
    let rejectOnce = true;
    const peer = await peerListing((request, res, self) => {
      const cursor = request.params?.cursor;
      if (cursor === undefined) {
        self.reply(res, request, {
          tools: named('a'),
          nextCursor: 'page-2',
          ttlMs: 60_000,
          cacheScope: 'public',
        });
      } else if (rejectOnce) {
        rejectOnce = false;
        self.error(res, request, 200, -32602, 'Invalid cursor');
      } else self.reply(res, request, { tools: named('b'), ttlMs: 60_000, cacheScope: 'public' });
      return true;
    });
    const host = newHost();
    const state = await host.addServer({ serverId: 'c', url: peer.url, era });
    expect(state.state).toBe('ready');
    expect(peer.calls('tools/list').map((r) => r.params?.cursor ?? 'first')).toEqual([
      'first',
      'page-2',
      'first',
      'page-2',
    ]);
    expect(namesOf(host.tools(), 'c')).toEqual(['a', 'b']);
  });

  it('fails as malformed when the server keeps rejecting its own cursors', async () => {
    const peer = await peerListing((request, res, self) => {
      if (request.params?.cursor === undefined) {
        self.reply(res, request, {
          tools: named('a'),
          nextCursor: 'broken',
          ttlMs: 60_000,
          cacheScope: 'public',
        });
      } else self.error(res, request, 200, -32602, 'Invalid cursor');
      return true;
    });
    const state = await newHost().addServer({ serverId: 'c', url: peer.url, era });
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'malformed-response', reason: 'invalid-cursor' },
    });
    expect(peer.calls('tools/list')).toHaveLength(4);
  });

  it('fails on a cursor cycle that keeps yielding new tools', async () => {
    let n = 0;
    const peer = await peerListing((request, res, self) => {
      n++;
      self.reply(res, request, {
        tools: named(`t${n}`),
        nextCursor: n % 2 === 0 ? 'x' : 'y',
        ttlMs: 60_000,
        cacheScope: 'public',
      });
      return true;
    });
    const state = await newHost().addServer({ serverId: 'c', url: peer.url, era });
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'server-bug', reason: 'repeated-cursor' },
    });
    expect(peer.calls('tools/list').length).toBeLessThanOrEqual(3);
  });

  it('collapses overlapping pages and excludes names with conflicting definitions', async () => {
    const peer = await peerListing((request, res, self) => {
      const second = request.params?.cursor === 'p2';
      const tools = second
        ? [...named('b', 'c'), { name: 'd', description: 'other', inputSchema: { type: 'object' } }]
        : [...named('a', 'b'), { name: 'd', inputSchema: { type: 'object' } }];
      self.reply(res, request, {
        tools,
        ...(second ? {} : { nextCursor: 'p2' }),
        ttlMs: 60_000,
        cacheScope: 'public',
      });
      return true;
    });
    const host = newHost();
    await host.addServer({ serverId: 'o', url: peer.url, era });
    expect(namesOf(host.tools(), 'o')).toEqual(['a', 'b', 'c']);
    expect(host.snapshot('o')!.excluded).toEqual([
      expect.objectContaining({ name: 'd', reason: 'duplicate-name' }),
    ]);
  });
});
