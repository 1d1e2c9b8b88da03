import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import { ClassifiedError } from '../errors/classified-error.js';
import type { Era } from '../snapshot/discovered-tool.js';

/** Caps on one enumeration (all pages of one `tools/list`, `prompts/list` or `resources/list` walk). */
export interface ListingLimits {
  /** Most pages followed (default 1,000). */
  maxPages: number;
  /** Most tool entries collected across pages (default 20,000). */
  maxTools: number;
  /** Most body bytes read across the pages (default 64 MiB). */
  maxListingBytes: number;
}

/** The defaults of {@link ListingLimits}. */
export const DEFAULT_LISTING_LIMITS: ListingLimits = {
  maxPages: 1_000,
  maxTools: 20_000,
  maxListingBytes: 64 * 1024 * 1024,
};

/** Freshness hints of one listing: the smallest `ttlMs` of its pages and their common `cacheScope`. */
export interface ListingFreshness {
  /** ms; undefined when no page carried one (legacy servers). */
  ttlMs: number | undefined;
  /** `private` when any page said so, or none said anything (the safe reading). */
  cacheScope: 'public' | 'private';
}

/** One complete enumeration, in server order, with its freshness. */
export interface RawListing extends ListingFreshness {
  /**
   * Every raw entry, in server order, when the walk had no `onPage` consumer; empty when it had one
   * (the consumer took each page's entries as they came).
   */
  entries: unknown[];
  /** Entries across all pages (decoded or known). */
  entryCount: number;
  pageCount: number;
  /** Oddities survived (e.g. `repeated-cursor-ended`, `mixed-cache-scope`, `negative-ttl`). */
  warnings: string[];
}

/** What the walk keeps of one page: entry identities, cursor and freshness hints. */
export interface PageSummary {
  /** Each entry's identity (a tool's or prompt's name, a resource's URI; `#<type>` for an entry without one). */
  keys: readonly string[];
  nextCursor: string | undefined;
  /** ms, modern only (absent or negative read as 0). */
  ttlMs: number | undefined;
  negativeTtl: boolean;
  cacheScope: 'public' | 'private' | undefined;
}

/**
 * A page the fetcher recognised as identical to one it saw in an earlier listing (same bytes): its
 * summary stands for the page, nothing is decoded, and `payload` is the fetcher's own (the
 * consumer's work on that earlier page).
 */
export class KnownPage {
  constructor(
    readonly summary: PageSummary,
    readonly payload: unknown,
  ) {}
}

/** Where a page sits in the listing. */
export interface PagePosition {
  /** 0 for the first page. */
  page: number;
  /** Listing index of the page's first entry. */
  firstIndex: number;
}

/**
 * Fetches one page (`cursor` undefined = first page); resolves with the decoded result object, or a
 * {@link KnownPage}.
 */
export type PageFetcher = (cursor: string | undefined, at: PagePosition) => Promise<unknown>;

/** One page as the walk hands it to its consumer: decoded `entries`, or the fetcher's `known` page. */
export interface WalkedPage extends PagePosition {
  summary: PageSummary;
  entries?: readonly unknown[];
  known?: KnownPage;
}

/**
 * Non-empty pages in a row with nothing new after which a listing ends (with the warning
 * `no-progress-ended`): each page had a cursor never seen before, yet served only entries already
 * seen. An empty page does not count (a server may filter a page down to nothing).
 */
export const STALE_PAGE_LIMIT = 3;

/**
 * Walks the pages of one list (`tools/list` by default) from the first, following `nextCursor`. In the modern era an empty
 * string is a cursor; in the legacy era it ends the list. Stops with a {@link ClassifiedError} on a
 * cursor cycle that yields new tools (`repeated-cursor`), more than `maxPages` (`page-cap`),
 * `maxTools` (`tool-cap`) or `maxListingBytes` (`listing-byte-cap`), or a malformed page. A cursor
 * that repeats with nothing new (a server stuck on its last page) ends the listing with a warning,
 * and so do {@link STALE_PAGE_LIMIT} non-empty pages in a row that bring nothing new under fresh
 * cursors (a server serving its first page again and again). A {@link KnownPage} counts as the
 * page it stands for.
 * @param bytesRead reads the connection's byte meter (for the listing-wide byte cap).
 * @param onPage sees each page once the next page has been requested: work done there overlaps the
 *   wait for that page. With it, the listing's `entries` stay empty.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §7 (pagination, per-page freshness)
 */
export async function walkPages(
  fetchPage: PageFetcher,
  era: Era,
  limits: ListingLimits,
  bytesRead: () => number,
  list: ListKind = 'tools',
  onPage?: (page: WalkedPage) => void,
): Promise<RawListing> {
  const { method, field } = LIST_PROTOCOL[list];
  const startBytes = bytesRead();
  const entries: unknown[] = [];
  let entryCount = 0;
  const warnings = new Set<string>();
  const seenCursors = new Set<string>();
  const seenEntries = new Set<string>();
  const scopes = new Set<string>();
  let ttlMs: number | undefined;
  let cursor: string | undefined;
  let pageCount = 0;
  /** Non-empty pages in a row that brought nothing new (a server serving the same page under fresh cursors). */
  let stalePages = 0;
  const keyOf = list === 'resources' ? resourceKey : entryKey;
  // The next page is requested before `onPage` works on this one, so the host's CPU work overlaps
  // the server's and the network's.
  let inFlight = guarded(fetchPage(undefined, { page: 0, firstIndex: 0 }));
  for (;;) {
    const fetched = await inFlight;
    const known = fetched instanceof KnownPage ? fetched : undefined;
    const decoded = known ? undefined : parsePage(fetched, era, method, field, keyOf);
    const page = known ? known.summary : decoded!.summary;
    pageCount++;
    if (bytesRead() - startBytes > limits.maxListingBytes) {
      throw new ClassifiedError({
        kind: 'limit-exceeded',
        reason: 'listing-byte-cap',
        message: `${method} pages exceeded ${limits.maxListingBytes} bytes`,
      });
    }
    const firstIndex = entryCount;
    let added = 0;
    for (const key of page.keys) {
      if (!seenEntries.has(key)) added++;
      seenEntries.add(key);
    }
    entryCount += page.keys.length;
    if (decoded && !onPage) for (const entry of decoded.entries) entries.push(entry);
    if (entryCount > limits.maxTools) {
      throw new ClassifiedError({
        kind: 'limit-exceeded',
        reason: 'tool-cap',
        message: `${method} returned more than ${limits.maxTools} entries`,
      });
    }
    if (page.ttlMs !== undefined) ttlMs = ttlMs === undefined ? page.ttlMs : Math.min(ttlMs, page.ttlMs);
    if (page.negativeTtl) warnings.add('negative-ttl');
    scopes.add(page.cacheScope ?? 'absent');
    const next = page.nextCursor;
    let done = next === undefined || (next === '' && era === 'legacy');
    stalePages = page.keys.length > 0 && added === 0 ? stalePages + 1 : 0;
    if (!done && stalePages >= STALE_PAGE_LIMIT) {
      warnings.add('no-progress-ended');
      done = true;
    }
    if (!done && seenCursors.has(next!)) {
      if (added === 0 && next === cursor) {
        warnings.add('repeated-cursor-ended');
        done = true;
      } else {
        throw new ClassifiedError({
          kind: 'server-bug',
          reason: 'repeated-cursor',
          message: `${method} returned cursor ${JSON.stringify(next!.slice(0, 80))} a second time`,
        });
      }
    }
    if (!done) {
      if (pageCount >= limits.maxPages) {
        throw new ClassifiedError({
          kind: 'server-bug',
          reason: 'page-cap',
          message: `${method} did not end within ${limits.maxPages} pages`,
        });
      }
      seenCursors.add(next!);
      cursor = next;
      inFlight = guarded(fetchPage(cursor, { page: pageCount, firstIndex: entryCount }));
    }
    onPage?.({
      page: pageCount - 1,
      firstIndex,
      summary: page,
      ...(decoded ? { entries: decoded.entries } : { known }),
    });
    if (done) break;
  }
  if (scopes.size > 1) warnings.add('mixed-cache-scope');
  const cacheScope = scopes.size === 1 && scopes.has('public') ? 'public' : 'private';
  return { entries, entryCount, pageCount, ttlMs, cacheScope, warnings: [...warnings] };
}

interface ParsedPage {
  entries: unknown[];
  summary: PageSummary;
}

function parsePage(
  result: unknown,
  era: Era,
  method: string,
  field: string,
  keyOf: (entry: unknown) => string,
): ParsedPage {
  const malformed = (reason: string, message: string) =>
    new ClassifiedError({ kind: 'malformed-response', reason, message });
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw malformed('result-not-object', `${method} result is not an object`);
  }
  const page = result as Record<string, unknown>;
  const entries = page[field];
  if (!Array.isArray(entries))
    throw malformed(`${field}-not-array`, `${method} result has no ${field} array`);
  if (era === 'modern' && page.resultType !== undefined && page.resultType !== 'complete') {
    // Absent means complete (older servers); a list result can never be input_required (§2.1).
    throw malformed('result-type', `${method} result has resultType ${JSON.stringify(page.resultType)}`);
  }
  const nextCursor = page.nextCursor;
  if (nextCursor !== undefined && nextCursor !== null && typeof nextCursor !== 'string') {
    throw malformed('cursor-not-string', `${method} nextCursor is not a string`);
  }
  let ttlMs: number | undefined;
  let negativeTtl = false;
  let cacheScope: PageSummary['cacheScope'];
  if (era === 'modern') {
    // Absent or negative ttlMs reads as 0 (stale at once); an absent or unknown scope as private.
    const ttl = page.ttlMs;
    ttlMs = typeof ttl === 'number' && Number.isFinite(ttl) ? Math.max(0, Math.floor(ttl)) : 0;
    negativeTtl = typeof ttl === 'number' && ttl < 0;
    cacheScope =
      page.cacheScope === 'public' ? 'public' : page.cacheScope === 'private' ? 'private' : undefined;
  }
  return {
    entries,
    summary: {
      keys: entries.map(keyOf),
      nextCursor: typeof nextCursor === 'string' ? nextCursor : undefined,
      ttlMs,
      negativeTtl,
      cacheScope,
    },
  };
}

function entryKey(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string') {
    return (entry as { name: string }).name;
  }
  return `#${typeof entry}`;
}

/** A resource's identity is its URI. */
function resourceKey(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null && typeof (entry as { uri?: unknown }).uri === 'string') {
    return (entry as { uri: string }).uri;
  }
  return `#${typeof entry}`;
}

/** Keeps a rejection of a page requested ahead from going unhandled when the walk stops first. */
function guarded<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
