import { ClassifiedError } from '../errors/classified-error.js';
import type { Era } from '../snapshot/discovered-tool.js';

/** Caps on one enumeration (all pages of one `tools/list` walk). */
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

/** Every raw entry of one complete enumeration, in server order, with its freshness. */
export interface RawListing extends ListingFreshness {
  entries: unknown[];
  pageCount: number;
  /** Oddities survived (e.g. `repeated-cursor-ended`, `mixed-cache-scope`, `negative-ttl`). */
  warnings: string[];
}

/** Fetches one raw page (`cursor` undefined = first page); resolves with the decoded result object. */
export type PageFetcher = (cursor: string | undefined) => Promise<unknown>;

/**
 * Non-empty pages in a row with nothing new after which a listing ends (with the warning
 * `no-progress-ended`): each page had a cursor never seen before, yet served only tools already
 * seen. An empty page does not count (a server may filter a page down to nothing).
 */
export const STALE_PAGE_LIMIT = 3;

/**
 * Walks `tools/list` pages from the first, following `nextCursor`. In the modern era an empty
 * string is a cursor; in the legacy era it ends the list. Stops with a {@link ClassifiedError} on a
 * cursor cycle that yields new tools (`repeated-cursor`), more than `maxPages` (`page-cap`),
 * `maxTools` (`tool-cap`) or `maxListingBytes` (`listing-byte-cap`), or a malformed page. A cursor
 * that repeats with nothing new (a server stuck on its last page) ends the listing with a warning,
 * and so do {@link STALE_PAGE_LIMIT} non-empty pages in a row that bring nothing new under fresh
 * cursors (a server serving its first page again and again).
 * @param bytesRead reads the connection's byte meter (for the listing-wide byte cap).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §7 (pagination, per-page freshness)
 */
export async function walkPages(
  fetchPage: PageFetcher,
  era: Era,
  limits: ListingLimits,
  bytesRead: () => number,
): Promise<RawListing> {
  const startBytes = bytesRead();
  const entries: unknown[] = [];
  const warnings = new Set<string>();
  const seenCursors = new Set<string>();
  const seenEntries = new Set<string>();
  const scopes = new Set<string>();
  let ttlMs: number | undefined;
  let cursor: string | undefined;
  let pageCount = 0;
  /** Non-empty pages in a row that brought nothing new (a server serving the same page under fresh cursors). */
  let stalePages = 0;
  for (;;) {
    if (pageCount >= limits.maxPages) {
      throw new ClassifiedError({
        kind: 'server-bug',
        reason: 'page-cap',
        message: `tools/list did not end within ${limits.maxPages} pages`,
      });
    }
    const page = parsePage(await fetchPage(cursor), era);
    pageCount++;
    if (bytesRead() - startBytes > limits.maxListingBytes) {
      throw new ClassifiedError({
        kind: 'limit-exceeded',
        reason: 'listing-byte-cap',
        message: `tools/list pages exceeded ${limits.maxListingBytes} bytes`,
      });
    }
    let added = 0;
    for (const entry of page.tools) {
      const key = entryKey(entry);
      if (!seenEntries.has(key)) added++;
      seenEntries.add(key);
      entries.push(entry);
    }
    if (entries.length > limits.maxTools) {
      throw new ClassifiedError({
        kind: 'limit-exceeded',
        reason: 'tool-cap',
        message: `tools/list returned more than ${limits.maxTools} tools`,
      });
    }
    if (page.ttlMs !== undefined) ttlMs = ttlMs === undefined ? page.ttlMs : Math.min(ttlMs, page.ttlMs);
    if (page.negativeTtl) warnings.add('negative-ttl');
    scopes.add(page.cacheScope ?? 'absent');
    const next = page.nextCursor;
    if (next === undefined || (next === '' && era === 'legacy')) break;
    stalePages = page.tools.length > 0 && added === 0 ? stalePages + 1 : 0;
    if (stalePages >= STALE_PAGE_LIMIT) {
      warnings.add('no-progress-ended');
      break;
    }
    if (seenCursors.has(next)) {
      if (added === 0 && next === cursor) {
        warnings.add('repeated-cursor-ended');
        break;
      }
      throw new ClassifiedError({
        kind: 'server-bug',
        reason: 'repeated-cursor',
        message: `tools/list returned cursor ${JSON.stringify(next.slice(0, 80))} a second time`,
      });
    }
    seenCursors.add(next);
    cursor = next;
  }
  if (scopes.size > 1) warnings.add('mixed-cache-scope');
  const cacheScope = scopes.size === 1 && scopes.has('public') ? 'public' : 'private';
  return { entries, pageCount, ttlMs, cacheScope, warnings: [...warnings] };
}

interface ParsedPage {
  tools: unknown[];
  nextCursor: string | undefined;
  ttlMs: number | undefined;
  negativeTtl: boolean;
  cacheScope: 'public' | 'private' | undefined;
}

function parsePage(result: unknown, era: Era): ParsedPage {
  const malformed = (reason: string, message: string) =>
    new ClassifiedError({ kind: 'malformed-response', reason, message });
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw malformed('result-not-object', 'tools/list result is not an object');
  }
  const page = result as Record<string, unknown>;
  if (!Array.isArray(page.tools)) throw malformed('tools-not-array', 'tools/list result has no tools array');
  const nextCursor = page.nextCursor;
  if (nextCursor !== undefined && nextCursor !== null && typeof nextCursor !== 'string') {
    throw malformed('cursor-not-string', 'tools/list nextCursor is not a string');
  }
  let ttlMs: number | undefined;
  let negativeTtl = false;
  let cacheScope: ParsedPage['cacheScope'];
  if (era === 'modern') {
    // Absent or negative ttlMs reads as 0 (stale at once); an absent or unknown scope as private.
    const ttl = page.ttlMs;
    ttlMs = typeof ttl === 'number' && Number.isFinite(ttl) ? Math.max(0, Math.floor(ttl)) : 0;
    negativeTtl = typeof ttl === 'number' && ttl < 0;
    cacheScope =
      page.cacheScope === 'public' ? 'public' : page.cacheScope === 'private' ? 'private' : undefined;
  }
  return {
    tools: page.tools,
    nextCursor: typeof nextCursor === 'string' ? nextCursor : undefined,
    ttlMs,
    negativeTtl,
    cacheScope,
  };
}

function entryKey(entry: unknown): string {
  if (typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string') {
    return (entry as { name: string }).name;
  }
  return `#${typeof entry}`;
}
