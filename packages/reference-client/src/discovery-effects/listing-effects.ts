import { FramedPage } from '../connection/framed-page.js';
import { type RawListing, walkPages } from '../connection/page-walker.js';
import type { ServerConnection } from '../connection/server-connection.js';
import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import { ClassifiedError } from '../errors/classified-error.js';
import { classifyFailure } from '../errors/classify-failure.js';
import { type PreparedEntry, prepareEntry } from '../snapshot/build-catalog-snapshot.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { MemoPage } from '../snapshot/listing-memo.js';
import type { DiscoveryScope } from './discovery-scope.js';
import type { FailureClassifier } from './failure-classifier.js';
import type { InstallEffects } from './install-effects.js';
import type { PendingListing } from './pending-listing.js';

/**
 * The machine's `list` effect: enumerates a list from page one on the connection of the listing's
 * generation (or, for a `cached-with-refresh` server without a verified listing, adopts the host's
 * cached snapshot), and reports it as `listed` or `list-failed`. A complete listing waits here
 * until the machine installs or discards it. An invalid cursor on a later page, or the listing's
 * deadline, fails the whole listing (the machine lists again from page one).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §7
 */
export class ListingEffects {
  private readonly pending = new Map<number, PendingListing>();

  constructor(
    private readonly scope: DiscoveryScope,
    private readonly connection: (generation: number) => ServerConnection | undefined,
    private readonly installed: InstallEffects,
    private readonly failures: FailureClassifier,
  ) {}

  /** The complete listing `listingId`, handed over once (to install it). */
  take(listingId: number): PendingListing | undefined {
    const pending = this.pending.get(listingId);
    this.pending.delete(listingId);
    return pending;
  }

  /** Enumerates `list` from page one (or adopts a cached snapshot) and reports it to the machine. */
  async list(list: ListKind, listingId: number, generation: number): Promise<void> {
    const { scope } = this;
    const connection = this.connection(generation);
    try {
      if (!connection)
        throw new ClassifiedError({
          kind: 'network-unreachable',
          reason: 'connection-closed',
          message: 'the connection closed',
        });
      const cached = list === 'tools' ? this.cached(connection) : undefined;
      if (cached) {
        this.pending.set(listingId, { source: 'cache', snapshot: cached });
        const expired = cached.isExpired(scope.host.clock.now());
        scope.dispatch({ type: 'listed', list, listingId, source: 'cache', expired, warnings: [] });
        return;
      }
      const prepared: PreparedEntry[] = [];
      const pages: MemoPage[] = [];
      const raw = await this.enumerate(connection, list, list === 'tools' ? { prepared, pages } : undefined);
      if (scope.closed()) return;
      this.pending.set(listingId, {
        source: 'server',
        raw,
        era: connection.era,
        protocolRevision: connection.protocolRevision,
        connection,
        prepared,
        pages,
      });
      scope.dispatch({
        type: 'listed',
        list,
        listingId,
        source: 'server',
        expired: false,
        warnings: raw.warnings,
      });
    } catch (error) {
      if (!scope.closed())
        scope.dispatch({ type: 'list-failed', list, listingId, failure: this.failures.classify(error) });
    }
  }

  /**
   * Walks every page of `list`. With `tools`, each tools page is gated and hashed while the next one
   * is in flight (the listing may still be discarded; the work is then only lost), and a page whose
   * result bytes are those of the same page of the last installed listing reuses its entries
   * undecoded (see `ListingMemo`).
   */
  private async enumerate(
    connection: ServerConnection,
    list: ListKind,
    tools?: { prepared: PreparedEntry[]; pages: MemoPage[] },
  ): Promise<RawListing> {
    const { host } = this.scope;
    const context = tools
      ? this.installed.snapshotContext(connection.era, connection.protocolRevision, 0)
      : undefined;
    const memo = tools ? this.installed.memo : undefined;
    const digests: Array<string | undefined> = [];
    const deadline = AbortSignal.timeout(host.listingDeadlineMs);
    const { method } = LIST_PROTOCOL[list];
    this.failures.clear();
    return walkPages(
      async (cursor, at) => {
        try {
          const fetched = await connection.listPage(list, cursor, deadline);
          if (!(fetched instanceof FramedPage)) return fetched;
          digests[at.page] = fetched.digest;
          return memo?.reuse(at, fetched.digest, connection.era, context?.previous) ?? fetched.result();
        } catch (error) {
          // An invalid cursor (-32602) on a later page: discard all pages and start again (§7).
          const failure = classifyFailure(error, 0);
          if (cursor !== undefined && failure.rpcCode === -32602) {
            throw new ClassifiedError({
              kind: 'malformed-response',
              reason: 'invalid-cursor',
              message: `the server rejected its own cursor: ${failure.message}`,
              rpcCode: -32602,
            });
          }
          if (deadline.aborted) {
            throw new ClassifiedError({
              kind: 'timeout',
              reason: 'listing-deadline',
              message: `${method} did not complete within ${host.listingDeadlineMs} ms`,
            });
          }
          throw error;
        }
      },
      connection.era,
      host.listing,
      () => connection.meter.bytesRead,
      list,
      tools && context
        ? (page) => {
            const { firstIndex } = page;
            tools.pages.push({
              page: page.page,
              firstIndex,
              summary: page.summary,
              digest: digests[page.page],
            });
            const entries = page.known
              ? (page.known.payload as readonly PreparedEntry[])
              : page.entries!.map((entry, offset) => prepareEntry(entry, firstIndex + offset, context));
            for (let offset = 0; offset < entries.length; offset++)
              tools.prepared[firstIndex + offset] = entries[offset]!;
          }
        : undefined,
    );
  }

  /** The cached snapshot a `cached-with-refresh` server may start from (none once it has a verified one). */
  private cached(connection: ServerConnection): CatalogSnapshot | undefined {
    const { host } = this.scope;
    const config = this.scope.config();
    if (config.strategy !== 'cached-with-refresh' || host.registry.snapshot(config.serverId)) {
      return undefined;
    }
    const cached = host.cache.get(this.installed.cacheKey(connection.protocolRevision));
    return cached?.serverId === config.serverId ? cached : undefined;
  }
}
