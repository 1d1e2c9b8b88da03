import { KnownPage, type PagePosition, type PageSummary } from '../connection/page-walker.js';
import type { PreparedEntry } from './build-catalog-snapshot.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';
import type { Era } from './discovered-tool.js';

/** One page of a tools listing as the memo keeps it: where it sat, its result's digest, its summary. */
export interface MemoPage extends PagePosition {
  /** SHA-256 of the page's result bytes; undefined when the client did not read them itself (stdio, SSE, an unusual envelope). */
  digest: string | undefined;
  summary: PageSummary;
}

/**
 * The pages of the last tools listing a server's discovery installed, with the entries prepared
 * from them (gate verdicts and contract snapshots, in listing order): the unchanged-refresh fast
 * path. A page of a new listing whose result bytes have the digest of the page at the same position
 * (same first entry index, same era) stands for it without being decoded: same bytes, same value
 * (see `FramedPage`), so the same summary and the same prepared entries, provided each accepted
 * entry is still the record the server's current snapshot holds under its name (what preparing the
 * entry again would return: `prepareEntry` reuses exactly that record). Otherwise the page is
 * decoded and prepared again.
 */
export class ListingMemo {
  private readonly digests: ReadonlySet<string>;

  /**
   * @param pages the listing's pages in order.
   * @param prepared the listing's prepared entries, in listing order.
   */
  constructor(
    readonly era: Era,
    private readonly pages: readonly MemoPage[],
    private readonly prepared: readonly PreparedEntry[],
  ) {
    const digests = new Set<string>();
    for (const page of pages) if (page.digest !== undefined) digests.add(page.digest);
    this.digests = digests;
  }

  /** Whether some page of the listing had this result digest (the reader then keeps that page's bytes undecoded). */
  has(digest: string): boolean {
    return this.digests.has(digest);
  }

  /**
   * The known page standing for the page at `at` whose result has `digest`, on a connection of
   * `era`, when the memo's page there had the same digest and its entries are still current in
   * `previous` (the snapshot new entries are prepared against); else undefined. The known page's
   * payload is the page's prepared entries.
   */
  reuse(
    at: PagePosition,
    digest: string,
    era: Era,
    previous: CatalogSnapshot | undefined,
  ): KnownPage | undefined {
    const page = this.pages[at.page];
    if (era !== this.era || page?.digest !== digest || page.firstIndex !== at.firstIndex) return undefined;
    const entries = this.prepared.slice(page.firstIndex, page.firstIndex + page.summary.keys.length);
    for (const entry of entries) {
      if (entry.ok && previous?.tool(entry.tool.name) !== entry.tool) return undefined;
    }
    return new KnownPage(page.summary, entries);
  }
}
