import { addTool, changeSchema, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { afterEach, describe, expect, it } from 'vitest';
import { type DiscoveredTool, DiscoveryHost } from '../../src/index.js';
import {
  type FakeEndpoint,
  namesOf,
  nextView,
  requestsOf,
  startFakeEndpoint,
  tool,
} from './fake-endpoint.js';

const clientInfo = { name: 'reference-client-test', version: '1.0.0' };
let endpoints: FakeEndpoint[] = [];
let hosts: DiscoveryHost[] = [];

async function endpoint(...args: Parameters<typeof startFakeEndpoint>) {
  const started = await startFakeEndpoint(...args);
  endpoints.push(started);
  return started;
}

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, ...options });
  hosts.push(host);
  return host;
}

afterEach(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all(endpoints.map((e) => e.close()));
  hosts = [];
  endpoints = [];
});

const five = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((name) => tool(name));

describe.each(['legacy', 'modern'] as const)('DiscoveryHost over HTTP, %s era', (era) => {
  it('lists every page and exposes each tool under its server identity', async () => {
    const fake = await endpoint(
      scriptBuilder('five')
        .tools(...five)
        .pageSize(2)
        .build(),
    );
    const host = newHost();
    const state = await host.addServer({ serverId: 'work', url: fake.url, era });
    expect(state.state).toBe('ready');
    expect(state.era).toBe(era);
    expect(namesOf(host.tools(), 'work')).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
    expect(requestsOf(fake.server.transcript.frames, 'tools/list')).toHaveLength(3);
    const alpha = host.tool('work', 'alpha')!;
    expect(alpha.contractHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.isFrozen(host.tools())).toBe(true);
  });

  it('re-lists from page one on a change notification and swaps the whole listing', async () => {
    const fake = await endpoint(
      scriptBuilder('change')
        .tools(...five)
        .pageSize(2)
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'work', url: fake.url, era });
    expect(host.serverState('work').changeSignal).toBe(era === 'modern' ? 'listen' : 'list-changed');
    const views: string[][] = [];
    host.onRegistryChange((tools) => views.push(namesOf(tools, 'work')));

    const added = nextView(host, (tools) => namesOf(tools, 'work').includes('zeta'));
    fake.server.apply(addTool(tool('zeta')));
    await added;
    const removed = nextView(host, (tools) => !namesOf(tools, 'work').includes('alpha'));
    fake.server.apply(removeTool('alpha'));
    await removed;

    expect(views).toEqual([
      ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'],
      ['beta', 'gamma', 'delta', 'epsilon', 'zeta'],
    ]);
    const lists = requestsOf(fake.server.transcript.frames, 'tools/list');
    const firstPages = lists.filter(
      (f) => (f.message as { params?: { cursor?: string } }).params?.cursor === undefined,
    );
    expect(firstPages).toHaveLength(3);
  });

  it('discards a listing that a change interrupted and swaps only the clean re-list', async () => {
    const script = scriptBuilder('mid')
      .tools(...five)
      .pageSize(2)
      .step('add-mid', addTool(tool('zeta')), { betweenPages: 1 })
      .build();
    const fake = await endpoint(script);
    const host = newHost();
    const seen: Array<readonly DiscoveredTool[]> = [];
    host.onRegistryChange((tools) => seen.push(tools));
    const state = await host.addServer({ serverId: 'work', url: fake.url, era });

    expect(state.state).toBe('ready');
    expect(namesOf(host.tools(), 'work')).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']);
    // Only the clean listing was ever visible.
    expect(seen.map((tools) => namesOf(tools, 'work'))).toEqual([
      ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'],
    ]);
    const firstPages = requestsOf(fake.server.transcript.frames, 'tools/list').filter(
      (f) => (f.message as { params?: { cursor?: string } }).params?.cursor === undefined,
    );
    expect(firstPages.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the last clean listing (stale) when the catalog will not hold still', async () => {
    const script = scriptBuilder('unstable')
      .tools(...five)
      .pageSize(2)
      .step('change-during-second-listing', addTool(tool('zeta')), { afterRequests: 4, method: 'tools/list' })
      .build();
    const fake = await endpoint(script);
    const host = newHost({ maxRelists: 0 });
    await host.addServer({ serverId: 'work', url: fake.url, era });
    const state = await host.refresh('work');
    expect(state).toMatchObject({
      state: 'stale',
      failure: { kind: 'server-bug', reason: 'catalog-unstable' },
    });
    expect(namesOf(host.tools(), 'work')).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
  });

  it('calls a tool by identity and returns the server result', async () => {
    const fake = await endpoint(
      scriptBuilder('call')
        .tools(tool('echo', { q: { type: 'string' } }))
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'work', url: fake.url, era });
    const result = await host.callTool({ serverId: 'work', toolName: 'echo', arguments: { q: 'hi' } });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: '{"q":"hi"}' }]);
  });
});

describe('DiscoveryHost refresh reuse', () => {
  it('reuses unchanged contracts and their compiled validators on a refresh', async () => {
    const tools = Array.from({ length: 20 }, (_, i) => tool(`t${i}`, { [`p${i}`]: { type: 'integer' } }));
    const fake = await endpoint(
      scriptBuilder('reuse')
        .tools(...tools)
        .pageSize(7)
        .build(),
    );
    const host = newHost({ compileValidators: 'eager' });
    await host.addServer({ serverId: 'r', url: fake.url });
    const first = host.tools();
    expect(host.validators.stats().compiles).toBe(20);
    await host.refresh('r');
    expect(host.validators.stats().compiles).toBe(20);
    expect(host.tools().every((t, i) => t === first[i])).toBe(true);
    fake.server.apply(
      changeSchema(
        't3',
        { inputSchema: { type: 'object', properties: { other: { type: 'string' } } } },
        { notify: false },
      ),
    );
    await host.refresh('r');
    expect(host.validators.stats().compiles).toBe(21);
    expect(
      host
        .tools()
        .filter((t, i) => t !== first[i])
        .map((t) => t.name),
    ).toEqual(['t3']);
  });
});

describe('DiscoveryHost era selection', () => {
  it('auto negotiates modern with a dual-era server and legacy with a legacy-only one', async () => {
    const dual = await endpoint(scriptBuilder('dual').tools(tool('a')).build());
    const legacyOnly = await endpoint(scriptBuilder('old').eras('legacy').tools(tool('a')).build());
    const host = newHost();
    expect((await host.addServer({ serverId: 'dual', url: dual.url, era: 'auto' })).era).toBe('modern');
    expect((await host.addServer({ serverId: 'old', url: legacyOnly.url, era: 'auto' })).era).toBe('legacy');
    expect(host.serverState('old').protocolRevision).toBe('2025-11-25');
    expect(host.serverState('dual').protocolRevision).toBe('2026-07-28');
  });

  it('keeps same-named tools of two servers apart', async () => {
    const a = await endpoint(scriptBuilder('a').tools(tool('search')).build());
    const b = await endpoint(
      scriptBuilder('b')
        .tools(tool('search', { q: { type: 'string' } }))
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'github-work', url: a.url });
    await host.addServer({ serverId: 'linear-work', url: b.url });
    const searches = host.tools().filter((t) => t.name === 'search');
    expect(searches.map((t) => t.serverId)).toEqual(['github-work', 'linear-work']);
    expect(searches[0]!.contractHash).not.toBe(searches[1]!.contractHash);
  });
});
