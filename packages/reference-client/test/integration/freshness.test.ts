import { addTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryCache, DiscoveryHost } from '../../src/index.js';
import { type FakeEndpoint, namesOf, nextView, requestsOf, tool } from './fake-endpoint.js';
import { ManualClock } from './manual-clock.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'freshness-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

/** A fresh shared cache and a `cached-with-refresh` modern server config for `endpoint`. */
const sharedCache = (endpoint: FakeEndpoint) => ({
  cache: new DiscoveryCache(),
  config: {
    serverId: 's',
    url: endpoint.url,
    era: 'modern' as const,
    strategy: 'cached-with-refresh' as const,
  },
});

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, ...options });
  cleanup.push(() => host.close());
  return host;
}

const lists = (endpoint: FakeEndpoint) => requestsOf(endpoint.server.transcript.frames, 'tools/list').length;

describe('freshness', () => {
  it('honours ttlMs: ready while fresh, stale once it runs out (modern)', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(scriptBuilder('ttl').tools(tool('a')).freshness({ ttlMs: 5_000 }).build());
    const host = newHost({ clock });
    const state = await host.addServer({ serverId: 't', url: endpoint.url, era: 'modern' });
    expect(state).toMatchObject({
      state: 'ready',
      verifiedAtMs: clock.now(),
      expiresAtMs: clock.now() + 5_000,
    });
    expect(host.snapshot('t')!.freshness.cacheScope).toBe('public');
    clock.advance(5_000);
    expect(host.serverState('t').state).toBe('stale');
    expect(host.tools()).toHaveLength(1); // stale tools stay listed; destructive calls refresh first
  });

  it('caps an absurd ttlMs', async () => {
    const endpoint = await fake(
      scriptBuilder('forever')
        .tools(tool('a'))
        .freshness({ ttlMs: 10 ** 12 })
        .build(),
    );
    const host = newHost({ freshness: { maxTtlMs: 60_000 } });
    await host.addServer({ serverId: 'f', url: endpoint.url, era: 'modern' });
    expect(host.snapshot('f')!.freshness.ttlMs).toBe(60_000);
  });

  it('gives legacy listings, which carry no ttlMs, the configured lifetime and a private scope', async () => {
    const endpoint = await fake(scriptBuilder('old').tools(tool('a')).freshness({ ttlMs: 5 }).build());
    const host = newHost({ freshness: { legacyTtlMs: 42_000 } });
    await host.addServer({ serverId: 'o', url: endpoint.url, era: 'legacy' });
    expect(host.snapshot('o')!.freshness).toMatchObject({ ttlMs: 42_000, cacheScope: 'private' });
  });

  it('re-lists an expired snapshot in the background when it is next used', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(
      scriptBuilder('use')
        .server({ toolsListChanged: false })
        .tools(tool('a'))
        .freshness({ ttlMs: 1_000 })
        .build(),
    );
    const host = newHost({ clock });
    await host.addServer({ serverId: 'u', url: endpoint.url, era: 'modern' });
    endpoint.server.apply(addTool(tool('b'), { notify: false }));
    clock.advance(1_000);
    const updated = nextView(host, (tools) => namesOf(tools, 'u').includes('b'));
    const served = await host.expose({ provider: 'anthropic' });
    expect(served.tools.map((t) => t.toolName)).toEqual(['a']); // the stale snapshot is served now…
    await updated; // …and replaced once the re-list completes
  });
});

describe('discovery strategies and the shared cache', () => {
  it('lazy: no traffic until the server is first needed', async () => {
    const endpoint = await fake(scriptBuilder('lazy').tools(tool('a')).build());
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    const state = await host.addServer({ serverId: 'l', url: endpoint.url, strategy: 'lazy' });
    expect(state.state).toBe('unknown');
    expect(endpoint.server.transcript.frames).toHaveLength(0);
    const exposure = await host.expose({ provider: 'openai-strict' });
    expect(exposure.tools.map((t) => t.alias)).toEqual(['l__a']);
    expect(host.serverState('l').state).toBe('ready');
  });

  it('lazy: a call loads the server first', async () => {
    const endpoint = await fake(scriptBuilder('lazy-call').tools(tool('a')).build());
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'l', url: endpoint.url, strategy: 'lazy' });
    const result = await host.callTool({ serverId: 'l', toolName: 'a', arguments: {} });
    expect(result.isError).toBe(false);
  });

  it('cached-with-refresh adopts a fresh cached listing of the same profile without listing', async () => {
    const endpoint = await fake(
      scriptBuilder('shared').tools(tool('a')).freshness({ cacheScope: 'private' }).build(),
    );
    const { cache, config } = sharedCache(endpoint);
    await newHost({ cache }).addServer({
      ...config,
      bearerToken: 'alice-token',
      credentialProfileId: 'alice',
    });
    const before = lists(endpoint);

    const again = newHost({ cache });
    expect(
      (await again.addServer({ ...config, bearerToken: 'alice-token', credentialProfileId: 'alice' })).state,
    ).toBe('ready');
    expect(lists(endpoint)).toBe(before);
    expect(namesOf(again.tools(), 's')).toEqual(['a']);
  });

  it('never serves a private listing to another credential profile', async () => {
    const endpoint = await fake(
      scriptBuilder('private').tools(tool('a')).freshness({ cacheScope: 'private' }).build(),
    );
    const { cache, config } = sharedCache(endpoint);
    await newHost({ cache }).addServer({
      ...config,
      bearerToken: 'alice-token',
      credentialProfileId: 'alice',
    });
    const before = lists(endpoint);
    await newHost({ cache }).addServer({ ...config, bearerToken: 'bob-token', credentialProfileId: 'bob' });
    expect(lists(endpoint)).toBe(before + 1);
  });

  it('shares a public listing across profiles on the same connection and revision', async () => {
    const endpoint = await fake(
      scriptBuilder('public').tools(tool('a')).freshness({ cacheScope: 'public' }).build(),
    );
    const { cache, config } = sharedCache(endpoint);
    await newHost({ cache }).addServer({ ...config, credentialProfileId: 'alice', bearerToken: 'a' });
    const before = lists(endpoint);
    await newHost({ cache }).addServer({ ...config, credentialProfileId: 'bob', bearerToken: 'b' });
    expect(lists(endpoint)).toBe(before);
    await newHost({ cache }).addServer({ ...config, era: 'legacy' });
    expect(lists(endpoint)).toBe(before + 1); // another protocol revision never shares
  });

  it('serves an expired cached listing as stale and re-lists in the background', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(
      scriptBuilder('expired').tools(tool('a')).freshness({ ttlMs: 1_000 }).build(),
    );
    const { cache, config } = sharedCache(endpoint);
    await newHost({ cache, clock }).addServer(config);
    endpoint.server.apply(addTool(tool('b'), { notify: false }));
    clock.advance(2_000);
    const host = newHost({ cache, clock });
    const updated = nextView(host, (tools) => namesOf(tools, 's').includes('b'));
    const state = await host.addServer(config);
    expect(state.state).toBe('stale');
    clock.advance(0);
    expect(namesOf(await updated, 's')).toEqual(['a', 'b']);
  });
});
