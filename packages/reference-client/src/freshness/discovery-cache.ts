import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';

/**
 * What a cached listing is keyed by. `credentialProfileId` is the host's stable id for the
 * credentials in use (never the secret).
 */
export interface DiscoveryCacheKey {
  /** The configured connection (server id and endpoint), not anything the server reports. */
  connectionId: string;
  /** `null` when the connection sends no credentials; `undefined` when it sends some without a profile id. */
  credentialProfileId: string | null | undefined;
  /** The negotiated protocol revision (a listing of one revision never serves another). */
  protocolRevision: string;
}

/**
 * A cache of verified catalog snapshots that several hosts may share (e.g. one host per user in a
 * gateway). A `private` snapshot is stored under its credential profile and only ever served to
 * that profile; a `public` one is served to any profile on the same connection and revision.
 * Credentials without a profile id have no safe private key, so their private listings are not
 * cached. Least recently used entries are evicted past `maxEntries`.
 * @see ../shared/spec/mcp-discovery-spec.md §7 (cacheScope), §11.3
 */
export class DiscoveryCache {
  private readonly entries = new Map<string, CatalogSnapshot>();

  /** @param maxEntries most snapshots held (default 256). */
  constructor(private readonly maxEntries = 256) {}

  /** The snapshot this profile may use: its own private entry first, else the public one. */
  get(key: DiscoveryCacheKey): CatalogSnapshot | undefined {
    for (const candidate of [privateKey(key), publicKey(key)]) {
      const found = candidate === undefined ? undefined : this.entries.get(candidate);
      if (candidate !== undefined && found) {
        this.entries.delete(candidate);
        this.entries.set(candidate, found);
        return found;
      }
    }
    return undefined;
  }

  /** Stores a snapshot under its own `cacheScope` (or not at all, see the class doc). */
  set(key: DiscoveryCacheKey, snapshot: CatalogSnapshot): void {
    const at = snapshot.freshness.cacheScope === 'public' ? publicKey(key) : privateKey(key);
    if (at === undefined) return;
    this.entries.delete(at);
    this.entries.set(at, snapshot);
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Drops every entry of a connection (all profiles, revisions and scopes). */
  invalidate(connectionId: string): void {
    for (const key of [...this.entries.keys()]) {
      if ((JSON.parse(key) as unknown[])[0] === connectionId) this.entries.delete(key);
    }
  }

  /** Number of snapshots held. */
  get size(): number {
    return this.entries.size;
  }
}

function privateKey(key: DiscoveryCacheKey): string | undefined {
  if (key.credentialProfileId === undefined) return undefined;
  return JSON.stringify([key.connectionId, key.protocolRevision, 'private', key.credentialProfileId]);
}

function publicKey(key: DiscoveryCacheKey): string {
  return JSON.stringify([key.connectionId, key.protocolRevision, 'public']);
}
