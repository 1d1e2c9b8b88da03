import { type CatalogSnapshot, DiscoveryCache, type DiscoveryCacheKey } from '@toolshift/reference-client';
import { ReferenceGatewayAdapter, referenceGateway } from '../reference-gateway-adapter.js';
import { defect } from './defect-factory.js';

/** Keeps revisions apart but files every listing, `private` ones included, under the shared key. */
class ScopeBlindCache extends DiscoveryCache {
  private readonly shared = new Map<string, CatalogSnapshot>();
  private static key(key: DiscoveryCacheKey): string {
    return JSON.stringify([key.connectionId, key.protocolRevision]);
  }
  override get(key: DiscoveryCacheKey): CatalogSnapshot | undefined {
    return this.shared.get(ScopeBlindCache.key(key));
  }
  override set(key: DiscoveryCacheKey, snapshot: CatalogSnapshot): void {
    this.shared.set(ScopeBlindCache.key(key), snapshot);
  }
  override invalidate(connectionId: string): void {
    for (const key of [...this.shared.keys()])
      if (key.startsWith(JSON.stringify([connectionId]).slice(0, -1))) this.shared.delete(key);
  }
}

export const privateEntryServedAsPublic = defect(
  {
    name: 'private-entry-served-as-public',
    mistake: 'Ignores cacheScope: a private (per-user) listing is stored and served like a public one.',
    realWorld:
      'spec 2026-07-28 caching (digest §7: private results stay in one authorization context), §11.3',
    caughtBy: ['scenario:lc-11-second-user-from-shared-cache', 'property:cache-scope-isolation'],
  },
  () => new ReferenceGatewayAdapter({ cache: new ScopeBlindCache() }),
  referenceGateway,
);
