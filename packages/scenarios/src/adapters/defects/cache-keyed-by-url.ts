import { type CatalogSnapshot, DiscoveryCache, type DiscoveryCacheKey } from '@toolshift/reference-client';
import { ReferenceGatewayAdapter, referenceGateway } from '../reference-gateway-adapter.js';
import { defect } from './defect-factory.js';

/** A discovery cache keyed by the connection (server + URL) alone: credentials and scope are not in the key. */
class UrlKeyedCache extends DiscoveryCache {
  private readonly byConnection = new Map<string, CatalogSnapshot>();
  override get(key: DiscoveryCacheKey): CatalogSnapshot | undefined {
    return this.byConnection.get(key.connectionId);
  }
  override set(key: DiscoveryCacheKey, snapshot: CatalogSnapshot): void {
    this.byConnection.set(key.connectionId, snapshot);
  }
  override invalidate(connectionId: string): void {
    this.byConnection.delete(connectionId);
  }
}

export const cacheKeyedByUrl = defect(
  {
    name: 'cache-keyed-by-url',
    mistake:
      'A gateway caches tool listings by server URL only, so one user’s listing is served to the next.',
    realWorld:
      'spec 2026-07-28 caching (digest §7: a different token means a different cache); case LC-11 E2; case AU-04 (cache above the transport)',
    caughtBy: ['scenario:lc-11-second-user-from-shared-cache', 'property:cache-scope-isolation'],
  },
  () => new ReferenceGatewayAdapter({ cache: new UrlKeyedCache() }),
  referenceGateway,
);
