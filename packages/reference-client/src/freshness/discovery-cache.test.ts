import { describe, expect, it } from 'vitest';
import { SchemaGate } from '../schema-gate/schema-gate.js';
import { ValidatorCache } from '../schema-gate/validator-cache.js';
import { buildCatalogSnapshot } from '../snapshot/build-catalog-snapshot.js';
import { DiscoveryCache } from './discovery-cache.js';

const gate = new SchemaGate(new ValidatorCache());
const snapshot = (scope: 'public' | 'private', name = 'a') =>
  buildCatalogSnapshot(
    {
      entries: [{ name, inputSchema: { type: 'object' } }],
      pageCount: 1,
      ttlMs: 5,
      cacheScope: scope,
      warnings: [],
    },
    { serverId: 's', era: 'modern', protocolRevision: '2026-07-28', gate, nowMs: 0, ttlMs: 5 },
  );
const key = (credentialProfileId: string | null | undefined, protocolRevision = '2026-07-28') => ({
  connectionId: 's http://x',
  credentialProfileId,
  protocolRevision,
});

describe('DiscoveryCache', () => {
  it('never serves a private entry to another credential profile', () => {
    const cache = new DiscoveryCache();
    const alice = snapshot('private', 'alice_tool');
    cache.set(key('alice'), alice);
    expect(cache.get(key('alice'))).toBe(alice);
    expect(cache.get(key('bob'))).toBeUndefined();
    expect(cache.get(key(null))).toBeUndefined();
  });

  it('serves a public entry to any profile on the same connection and revision only', () => {
    const cache = new DiscoveryCache();
    const shared = snapshot('public');
    cache.set(key('alice'), shared);
    expect(cache.get(key('bob'))).toBe(shared);
    expect(cache.get(key(null))).toBe(shared);
    expect(cache.get(key('bob', '2025-11-25'))).toBeUndefined();
    expect(cache.get({ ...key('bob'), connectionId: 'other http://y' })).toBeUndefined();
  });

  it('prefers the profile’s own private entry over the public one', () => {
    const cache = new DiscoveryCache();
    const shared = snapshot('public', 'shared');
    const own = snapshot('private', 'own');
    cache.set(key('alice'), shared);
    cache.set(key('alice'), own);
    expect(cache.get(key('alice'))).toBe(own);
    expect(cache.get(key('bob'))).toBe(shared);
  });

  it('does not store private listings fetched with credentials that have no profile id', () => {
    const cache = new DiscoveryCache();
    cache.set(key(undefined), snapshot('private'));
    expect(cache.size).toBe(0);
    cache.set(key(null), snapshot('private'));
    expect(cache.get(key(null))).toBeDefined();
  });

  it('is bounded and can be invalidated per connection', () => {
    const cache = new DiscoveryCache(2);
    cache.set(key('a'), snapshot('private'));
    cache.set(key('b'), snapshot('private'));
    cache.set(key('c'), snapshot('private'));
    expect(cache.size).toBe(2);
    expect(cache.get(key('a'))).toBeUndefined();
    cache.invalidate('s http://x');
    expect(cache.size).toBe(0);
  });
});
