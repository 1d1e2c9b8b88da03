import type { ListKind } from '../discovery-machine/list-kind.js';
import type { SnapshotFreshness } from '../snapshot/catalog-snapshot.js';
import type { Era } from '../snapshot/discovered-tool.js';
import type { DiscoveredEntry, ExcludedEntry } from './discovered-entry.js';

/**
 * One verified listing of a server's prompts or resources: the entries that passed the checks
 * (server order), the ones excluded with reasons, and a `listHash` (SHA-256 over the sorted
 * `(key, contractHash)` pairs) that changes exactly when some entry changes. Immutable. Entries are
 * keyed by prompt name or resource URI.
 */
export class ListSnapshot<T extends DiscoveredEntry> {
  readonly entries: readonly T[];
  readonly excluded: readonly ExcludedEntry[];
  readonly warnings: readonly string[];
  private readonly byKey: ReadonlyMap<string, T>;

  constructor(
    readonly list: Exclude<ListKind, 'tools'>,
    readonly serverId: string,
    readonly era: Era,
    readonly protocolRevision: string,
    entries: T[],
    excluded: ExcludedEntry[],
    readonly listHash: string,
    readonly freshness: SnapshotFreshness,
    readonly pageCount: number,
    warnings: string[],
  ) {
    this.entries = Object.freeze(entries);
    this.excluded = Object.freeze(excluded);
    this.warnings = Object.freeze(warnings);
    this.byKey = new Map(entries.map((entry) => [entryKey(entry), entry]));
    Object.freeze(this);
  }

  /** The entry with this prompt name or resource URI, if any. */
  entry(key: string): T | undefined {
    return this.byKey.get(key);
  }

  /** Whether the listing's TTL has run out at `nowMs`. */
  isExpired(nowMs: number): boolean {
    return nowMs >= this.freshness.expiresAtMs;
  }
}

/** A prompt's name or a resource's URI. */
export function entryKey(entry: DiscoveredEntry): string {
  return 'uri' in entry ? entry.uri : entry.name;
}
