import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import {
  DiscoveryHost,
  type DiscoveryWarning,
  InMemorySnapshotStore,
  type SnapshotStore,
} from '../../src/index.js';
import { tool } from './fake-endpoint.js';
import { testResources } from './test-resources.js';

const cleanup = testResources();

function host(store: SnapshotStore) {
  const warnings: DiscoveryWarning[] = [];
  const created = new DiscoveryHost({
    clientInfo: { name: 'store-test', version: '1.0.0' },
    snapshotStore: store,
  });
  created.onWarning((warning) => warnings.push(warning));
  cleanup.push(() => created.close());
  return { host: created, warnings };
}

describe('snapshot store', () => {
  it('never shares a persisted listing across credential profiles', async () => {
    const fake = await cleanup.fake(
      scriptBuilder('per-user')
        .tools(tool('shared'))
        .auth({
          tokens: [
            { token: 'alice-token', principal: 'alice' },
            { token: 'bob-token', principal: 'bob' },
          ],
        })
        .build(),
    );
    const store = new InMemorySnapshotStore();
    const alice = { serverId: 'work', url: fake.url, era: 'modern' as const, bearerToken: 'alice-token' };
    await host(store).host.addServer({ ...alice, credentialProfileId: 'alice' });
    expect(store.size).toBe(1);
    const bob = host(store).host;
    const state = await bob.addServer({
      ...alice,
      bearerToken: 'bob-token',
      credentialProfileId: 'bob',
      strategy: 'lazy',
    });
    expect(state.state).toBe('unknown'); // nothing restored for bob
    expect(bob.lastKnown('work')).toBeUndefined();
    const again = host(store).host;
    const restored = await again.addServer({ ...alice, credentialProfileId: 'alice', strategy: 'lazy' });
    expect(restored.state).toBe('stale');
    expect(again.lastKnown('work')!.tools.map((t) => t.name)).toEqual(['shared']);
    // Credentials without a profile id are never persisted.
    const anonymous = host(store).host;
    await anonymous.addServer({ serverId: 'other', url: fake.url, era: 'modern', bearerToken: 'bob-token' });
    expect(store.size).toBe(1);
  });

  it('a stored listing that breaks the format is not restored; the warning names the path and the rule', async () => {
    const fake = await cleanup.fake(scriptBuilder('broken').tools(tool('alpha')).build());
    const store = new InMemorySnapshotStore();
    await host(store).host.addServer({ serverId: 's', url: fake.url, era: 'legacy' });
    const key = { server: `s ${fake.url}`, credentialProfileId: null, protocolRevision: '2025-11-25' };
    const record = (await store.load(key))!;
    const tools = structuredClone(record.tools) as { tools: Array<Record<string, unknown>> };
    tools.tools[0]!.contractHash = 'not-a-hash';
    await store.save(key, { ...record, tools });
    const { host: next, warnings } = host(store);
    const state = await next.addServer({ serverId: 's', url: fake.url, era: 'legacy', strategy: 'lazy' });
    expect(state.state).toBe('unknown');
    expect(warnings).toEqual([
      expect.objectContaining({
        kind: 'store-failed',
        serverId: 's',
        message:
          'the stored listing could not be restored: /tools/0/contractHash: must be a SHA-256 hex digest',
      }),
    ]);
  });
});
