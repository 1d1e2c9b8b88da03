import { describe, expect, it } from 'vitest';
import { ClassifiedError } from '../errors/classified-error.js';
import {
  DEFAULT_LISTING_LIMITS,
  KnownPage,
  type PageFetcher,
  type WalkedPage,
  walkPages,
} from './page-walker.js';

function isClassified(error: unknown, kind: string, reason: string): boolean {
  return error instanceof ClassifiedError && error.failure.kind === kind && error.failure.reason === reason;
}

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

/** A fetcher over fixed pages keyed by cursor ('' key = the first page when `firstKey` is undefined). */
function pages(map: Record<string, unknown>, log: Array<string | undefined> = []): PageFetcher {
  return async (cursor) => {
    log.push(cursor);
    const page = map[cursor ?? '<first>'];
    if (page === undefined) throw new Error(`no page for ${String(cursor)}`);
    return page;
  };
}

const noBytes = () => 0;

describe('walkPages', () => {
  it('follows nextCursor to the end and keeps server order', async () => {
    const log: Array<string | undefined> = [];
    const fetch = pages(
      {
        '<first>': { tools: [tool('a'), tool('b')], nextCursor: 'c1', ttlMs: 500, cacheScope: 'public' },
        c1: { tools: [tool('c')], nextCursor: 'c2', ttlMs: 200, cacheScope: 'public' },
        c2: { tools: [tool('d')], ttlMs: 900, cacheScope: 'public' },
      },
      log,
    );
    const listing = await walkPages(fetch, 'modern', DEFAULT_LISTING_LIMITS, noBytes);
    expect(listing.entries.map((e) => (e as { name: string }).name)).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual([undefined, 'c1', 'c2']);
    expect(listing).toMatchObject({ pageCount: 3, ttlMs: 200, cacheScope: 'public', warnings: [] });
  });

  it('treats an empty string as a cursor in the modern era and as the end in the legacy era', async () => {
    const map = {
      '<first>': { tools: [tool('a')], nextCursor: '' },
      '': { tools: [tool('b')] },
    };
    const modern = await walkPages(pages(map), 'modern', DEFAULT_LISTING_LIMITS, noBytes);
    expect(modern.entries).toHaveLength(2);
    const legacy = await walkPages(pages(map), 'legacy', DEFAULT_LISTING_LIMITS, noBytes);
    expect(legacy.entries).toHaveLength(1);
  });

  it('ends when a cursor repeats with nothing new (a server stuck on its last page)', async () => {
    const log: Array<string | undefined> = [];
    const same = { tools: ['a', 'b', 'c', 'd', 'e'].map(tool), nextCursor: '' };
    const listing = await walkPages(
      pages({ '<first>': same, '': same }, log),
      'modern',
      DEFAULT_LISTING_LIMITS,
      noBytes,
    );
    expect(log).toEqual([undefined, '']);
    expect(listing.warnings).toEqual(['repeated-cursor-ended']);
  });

  it('ends after three pages in a row that serve only tools already seen under fresh cursors', async () => {
    let n = 0;
    const log: Array<string | undefined> = [];
    const fetch: PageFetcher = async (cursor) => {
      log.push(cursor);
      n += 1;
      return { tools: ['a', 'b'].map(tool), nextCursor: `fresh-${n}` };
    };
    const listing = await walkPages(fetch, 'modern', DEFAULT_LISTING_LIMITS, noBytes);
    expect(log).toHaveLength(4);
    expect(listing.warnings).toEqual(['no-progress-ended']);
  });

  it('does not count empty pages as stale: a server may filter pages down to nothing', async () => {
    const fetch = pages({
      '<first>': { tools: [tool('a')], nextCursor: 'e1' },
      e1: { tools: [], nextCursor: 'e2' },
      e2: { tools: [], nextCursor: 'e3' },
      e3: { tools: [], nextCursor: 'e4' },
      e4: { tools: [tool('b')] },
    });
    const listing = await walkPages(fetch, 'modern', DEFAULT_LISTING_LIMITS, noBytes);
    expect(listing.entries).toHaveLength(2);
    expect(listing.warnings).toEqual([]);
  });

  it('fails on a cursor cycle that keeps yielding tools', async () => {
    const fetch = pages({
      '<first>': { tools: [tool('a')], nextCursor: 'x' },
      x: { tools: [tool('b')], nextCursor: 'y' },
      y: { tools: [tool('c')], nextCursor: 'x' },
    });
    const error = await walkPages(fetch, 'modern', DEFAULT_LISTING_LIMITS, noBytes).catch((e) => e);
    expect(isClassified(error, 'server-bug', 'repeated-cursor')).toBe(true);
  });

  it('stops a never-ending cursor chain at the page cap', async () => {
    let n = 0;
    const fetch: PageFetcher = async () => ({ tools: [tool(`t${n}`)], nextCursor: `c${++n}` });
    const error = await walkPages(
      fetch,
      'modern',
      { ...DEFAULT_LISTING_LIMITS, maxPages: 25 },
      noBytes,
    ).catch((e) => e);
    expect(isClassified(error, 'server-bug', 'page-cap')).toBe(true);
    expect(n).toBe(25);
  });

  it('stops at the tool cap and the listing byte cap', async () => {
    let n = 0;
    const fetch: PageFetcher = async () => ({ tools: [tool(`a${n}`), tool(`b${n}`)], nextCursor: `c${++n}` });
    const tooMany = await walkPages(
      fetch,
      'modern',
      { ...DEFAULT_LISTING_LIMITS, maxTools: 5 },
      noBytes,
    ).catch((e) => e);
    expect(isClassified(tooMany, 'limit-exceeded', 'tool-cap')).toBe(true);
    let bytes = 0;
    const heavy: PageFetcher = async () => {
      bytes += 1000;
      return { tools: [tool(`h${bytes}`)], nextCursor: `c${bytes}` };
    };
    const tooBig = await walkPages(
      heavy,
      'modern',
      { ...DEFAULT_LISTING_LIMITS, maxListingBytes: 2500 },
      () => bytes,
    ).catch((e) => e);
    expect(isClassified(tooBig, 'limit-exceeded', 'listing-byte-cap')).toBe(true);
  });

  it('classifies malformed pages', async () => {
    const cases: Array<[unknown, string]> = [
      [null, 'result-not-object'],
      [{ tools: {} }, 'tools-not-array'],
      [{ tools: [], nextCursor: 7 }, 'cursor-not-string'],
    ];
    for (const [page, reason] of cases) {
      const error = await walkPages(async () => page, 'modern', DEFAULT_LISTING_LIMITS, noBytes).catch(
        (e) => e,
      );
      expect(isClassified(error, 'malformed-response', reason)).toBe(true);
    }
  });

  it('reads absent or negative ttlMs as 0 and absent or mixed scopes as private (modern)', async () => {
    const absent = await walkPages(async () => ({ tools: [] }), 'modern', DEFAULT_LISTING_LIMITS, noBytes);
    expect(absent).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    const negative = await walkPages(
      async () => ({ tools: [], ttlMs: -5, cacheScope: 'public' }),
      'modern',
      DEFAULT_LISTING_LIMITS,
      noBytes,
    );
    expect(negative).toMatchObject({ ttlMs: 0, cacheScope: 'public', warnings: ['negative-ttl'] });
    const mixed = await walkPages(
      pages({
        '<first>': { tools: [tool('a')], nextCursor: 'n', ttlMs: 5, cacheScope: 'public' },
        n: { tools: [tool('b')], ttlMs: 5, cacheScope: 'private' },
      }),
      'modern',
      DEFAULT_LISTING_LIMITS,
      noBytes,
    );
    expect(mixed).toMatchObject({ cacheScope: 'private', warnings: ['mixed-cache-scope'] });
    const legacy = await walkPages(async () => ({ tools: [] }), 'legacy', DEFAULT_LISTING_LIMITS, noBytes);
    expect(legacy.ttlMs).toBeUndefined();
  });

  it('counts a known page as the page it stands for and hands it to the consumer undecoded', async () => {
    const summary = {
      keys: ['b', 'a'],
      nextCursor: undefined,
      ttlMs: 100,
      negativeTtl: false,
      cacheScope: 'public' as const,
    };
    const known = new KnownPage(summary, 'payload');
    const positions: unknown[] = [];
    const fetch: PageFetcher = async (cursor, at) => {
      positions.push(at);
      return cursor === undefined
        ? { tools: [tool('a')], nextCursor: 'n', ttlMs: 500, cacheScope: 'public' }
        : known;
    };
    const seen: WalkedPage[] = [];
    const listing = await walkPages(fetch, 'modern', DEFAULT_LISTING_LIMITS, noBytes, 'tools', (page) =>
      seen.push(page),
    );
    expect(positions).toEqual([
      { page: 0, firstIndex: 0 },
      { page: 1, firstIndex: 1 },
    ]);
    expect(listing).toMatchObject({
      entries: [],
      entryCount: 3,
      pageCount: 2,
      ttlMs: 100,
      cacheScope: 'public',
    });
    expect(seen.map((page) => [page.page, page.firstIndex, page.entries?.length, page.known])).toEqual([
      [0, 0, 1, undefined],
      [1, 1, undefined, known],
    ]);
    const tooMany = await walkPages(
      fetch,
      'modern',
      { ...DEFAULT_LISTING_LIMITS, maxTools: 2 },
      noBytes,
    ).catch((e) => e);
    expect(isClassified(tooMany, 'limit-exceeded', 'tool-cap')).toBe(true);
  });
});
