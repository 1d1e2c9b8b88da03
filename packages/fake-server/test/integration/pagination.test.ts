import { describe, expect, it } from 'vitest';
import {
  addTool,
  betweenPages,
  insertTools,
  mutateBetweenPages,
  removeTool,
  reorderTools,
  scriptBuilder,
  setPagination,
} from '../../src/index.js';
import { openLegacySession, postModern, type RawReply, resultOf, useLoopback } from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const tools = (...names: string[]) => names.map(tool);
type Page = { tools: Array<{ name: string }>; nextCursor?: string; ttlMs?: number; cacheScope?: string };
const page = (reply: RawReply): Page => resultOf<Page>(reply);
const names = (reply: RawReply) => page(reply).tools.map((t) => t.name);
const list = (url: string, cursor?: string) =>
  postModern(url, 1, 'tools/list', cursor === undefined ? {} : { cursor });

describe('pagination', () => {
  const fixture = useLoopback();

  it('serves pages of pageSize and the SDK client walks all of them', async () => {
    const { url } = await fixture.start(
      scriptBuilder('pages')
        .tools(...tools('a', 'b', 'c', 'd', 'e'))
        .pageSize(2)
        .build(),
    );
    const first = await list(url);
    expect(names(first)).toEqual(['a', 'b']);
    const client = await fixture.connect(url, 'modern');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('the page size may change between two pages of one listing', async () => {
    const { url } = await fixture.start(
      scriptBuilder('resize')
        .tools(...tools('a', 'b', 'c', 'd', 'e', 'f'))
        .pageSize(2)
        .step('resize', setPagination({ pageSize: 3 }), betweenPages(1))
        .build(),
    );
    const first = await list(url);
    const second = await list(url, page(first).nextCursor);
    expect(names(first)).toEqual(['a', 'b']);
    expect(names(second)).toEqual(['c', 'd', 'e']);
    expect(names(await list(url, page(second).nextCursor))).toEqual(['f']);
  });

  it('opaque cursors are stable (re-requesting one repeats its page) and a forged one gets -32602', async () => {
    const { url } = await fixture.start(
      scriptBuilder('opaque')
        .tools(...tools('a', 'b', 'c'))
        .pageSize(1)
        .build(),
    );
    const cursor = page(await list(url)).nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(names(await list(url, cursor))).toEqual(['b']);
    expect(names(await list(url, cursor))).toEqual(['b']);
    const forged = await list(url, `${cursor.slice(0, -2)}AA`);
    expect(forged.status).toBe(200);
    expect(forged.json?.error).toEqual({ code: -32602, message: 'Invalid cursor' });
  });

  it('offset cursors are the bare decimal offset', async () => {
    const { url } = await fixture.start(
      scriptBuilder('offset')
        .tools(...tools('a', 'b', 'c'))
        .pageSize(2, 'offset')
        .build(),
    );
    const first = await list(url);
    expect(page(first).nextCursor).toBe('2');
    expect(names(await list(url, '1'))).toEqual(['b', 'c']);
    expect((await list(url, '-1')).json?.error).toMatchObject({ code: -32602 });
  });

  it('non-advancing cursors repeat forever, even on a single page, and serve the first page again', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('repeat')
        .tools(...tools('a', 'b', 'c', 'd', 'e'))
        .pagination({ cursorStyle: 'nonAdvancing', repeatCursor: '' })
        .build(),
    );
    const first = await list(url);
    expect(names(first)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(page(first).nextCursor).toBe('');
    const again = await list(url, '');
    expect(names(again)).toEqual(names(first));
    expect(page(again).nextCursor).toBe('');
    // The SDK client's repeated-cursor guard stops after the first repeat (case PG-05).
    const client = await fixture.connect(url, 'modern');
    const before = server.transcript.frames.length;
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const lists = server.transcript.frames
      .slice(before)
      .filter((f) => f.direction === 'in' && (f.message as { method?: string })?.method === 'tools/list');
    expect(lists).toHaveLength(2);
  });

  it('an empty-string cursor leads to page 2 in 2026-07-28 and the SDK client follows it', async () => {
    const { url } = await fixture.start(
      scriptBuilder('empty')
        .tools(...tools('a', 'b', 'c', 'd', 'e'))
        .pageSize(2, 'emptyString')
        .build(),
    );
    const first = await list(url);
    expect(page(first).nextCursor).toBe('');
    const second = await list(url, '');
    expect(names(second)).toEqual(['c', 'd']);
    expect(page(second).nextCursor).not.toBe('');
    const client = await fixture.connect(url, 'modern');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('expiring cursors are rejected with -32602 after a catalog change', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('expiring')
        .tools(...tools('a', 'b', 'c'))
        .pageSize(1, 'expiring')
        .step('add', addTool(tool('d')))
        .build(),
    );
    const cursor = page(await list(url)).nextCursor as string;
    expect(names(await list(url, cursor))).toEqual(['b']);
    server.apply('add');
    expect((await list(url, cursor)).json?.error).toEqual({
      code: -32602,
      message: 'Invalid cursor: expired',
    });
    expect(names(await list(url))).toEqual(['a']);
  });

  it('expiring cursors are rejected once their TTL on the logical clock has passed', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('ttl')
        .tools(...tools('a', 'b'))
        .pagination({ pageSize: 1, cursorStyle: 'expiring', cursorTtlMs: 1_000 })
        .build(),
    );
    const cursor = page(await list(url)).nextCursor as string;
    server.advanceClock(999);
    expect(names(await list(url, cursor))).toEqual(['b']);
    server.advanceClock(1);
    expect((await list(url, cursor)).json?.error).toMatchObject({ code: -32602 });
  });

  it('a stale opaque cursor is served from the current catalog by default, or rejected with staleCursor: reject (§11.1)', async () => {
    for (const staleCursor of ['serve', 'reject'] as const) {
      const { url, server } = await fixture.start(
        scriptBuilder('stale')
          .tools(...tools('a', 'b', 'c'))
          .pagination({ pageSize: 1, staleCursor })
          .step('rm', removeTool('a'))
          .build(),
      );
      const cursor = page(await list(url)).nextCursor as string;
      server.apply('rm');
      const reply = await list(url, cursor);
      if (staleCursor === 'serve') expect(names(reply)).toEqual(['c']);
      else expect(reply.json?.error).toMatchObject({ code: -32602 });
    }
  });

  it('mutateBetweenPages lands several changes as one revision between page K and K+1', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('between')
        .tools(...tools('a', 'b', 'c', 'd'))
        .pageSize(2)
        .step('arm', mutateBetweenPages(1, [removeTool('a'), addTool(tool('e'))]))
        .build(),
    );
    server.apply('arm');
    expect(server.pendingPageMutations()).toEqual([{ stepId: 'arm', afterPage: 1, list: 'tools' }]);
    const session = await openLegacySession(url);
    const first = await session.request(1, 'tools/list');
    expect(resultOf<Page>(first).tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(server.catalogRevision).toBe(2);
    const second = await session.request(2, 'tools/list', {
      cursor: resultOf<Page>(first).nextCursor,
    });
    expect(server.pendingPageMutations()).toEqual([]);
    // Served from the new catalog at offset 2: ['b','c','d','e'] → 'd','e' (a gap: 'c' is never seen).
    expect(resultOf<Page>(second).tools.map((t) => t.name)).toEqual(['d', 'e']);
    const third = await session.request(3, 'tools/list');
    expect(resultOf<Page>(third).nextCursor).toBeDefined();
    expect(server.catalogRevision).toBe(2);
  });

  it('mutateBetweenPages under a betweenPages trigger for the same page fires now, between that page and the next', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('armed-now')
        .tools(...tools('a', 'b', 'c', 'd'))
        .pageSize(2)
        .step('arm', mutateBetweenPages(1, [removeTool('a'), addTool(tool('e'))]), betweenPages(1))
        .build(),
    );
    const first = await list(url);
    expect(names(first)).toEqual(['a', 'b']);
    expect(server.catalogRevision).toBe(2);
    const steps = server.transcript.frames.filter((f) => f.kind === 'step').map((f) => f.step);
    expect(steps).toEqual(['arm', 'arm@page1']);
    expect(names(await list(url, page(first).nextCursor))).toEqual(['d', 'e']);
  });

  it('betweenPages and mutateBetweenPages may name another list: the prompts listing', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('prompt-pages')
        .tools(...tools('a', 'b', 'c'))
        .prompts({ name: 'p1' }, { name: 'p2' }, { name: 'p3' })
        .pageSize(1)
        .step(
          'arm',
          {
            action: 'mutateBetweenPages',
            afterPage: 1,
            list: 'prompts',
            changes: [{ action: 'removePrompt', name: 'p2' }],
          },
          { betweenPages: 1, list: 'prompts' },
        )
        .build(),
    );
    expect(names(await list(url))).toEqual(['a']);
    expect(server.list('prompts').revision).toBe(1);
    const first = await postModern(url, 2, 'prompts/list');
    expect(server.list('prompts').items.map((p) => p.name)).toEqual(['p1', 'p3']);
    const second = await postModern(url, 3, 'prompts/list', {
      cursor: resultOf<{ nextCursor: string }>(first).nextCursor,
    });
    expect(resultOf<{ prompts: Array<{ name: string }> }>(second).prompts.map((p) => p.name)).toEqual(['p3']);
    expect(server.catalogRevision).toBe(1);
  });

  it('freshSamePage: every page carries a cursor never seen before, and each serves the first page again', async () => {
    const { url } = await fixture.start(
      scriptBuilder('fresh')
        .tools(...tools('a', 'b', 'c'))
        .pageSize(2, 'freshSamePage')
        .build(),
    );
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let round = 0; round < 5; round++) {
      const reply = page(await list(url, cursor));
      expect(reply.tools.map((t) => t.name)).toEqual(['a', 'b']);
      expect(reply.nextCursor).toBeDefined();
      expect(cursors.has(reply.nextCursor as string)).toBe(false);
      cursors.add(reply.nextCursor as string);
      cursor = reply.nextCursor;
    }
  });

  it('freshSamePage with loopEndsAtPage: the loop ends on that page, served without nextCursor', async () => {
    const { url } = await fixture.start(
      scriptBuilder('fresh-ends')
        .tools(...tools('a', 'b', 'c'))
        .pagination({ pageSize: 2, cursorStyle: 'freshSamePage', loopEndsAtPage: 4 })
        .build(),
    );
    const served: Array<{ names: string[]; next: boolean }> = [];
    let cursor: string | undefined;
    for (let round = 0; round < 4; round++) {
      const reply = page(await list(url, cursor));
      served.push({ names: reply.tools.map((t) => t.name), next: reply.nextCursor !== undefined });
      cursor = reply.nextCursor;
    }
    expect(served).toEqual([
      { names: ['a', 'b'], next: true },
      { names: ['a', 'b'], next: true },
      { names: ['a', 'b'], next: true },
      { names: ['a', 'b'], next: false },
    ]);
  });

  it('reorderTools between two pages: a seeded shuffle, the same on every run, so offsets point elsewhere', async () => {
    const orders: string[][] = [];
    for (const run of [1, 2]) {
      const { url, server } = await fixture.start(
        scriptBuilder(`shuffle-${run}`)
          .seed(11)
          .tools(...tools('a', 'b', 'c', 'd', 'e', 'f'))
          .pageSize(3)
          .step('shuffle', reorderTools(), betweenPages(1))
          .build(),
      );
      const first = page(await list(url));
      expect(first.tools.map((t) => t.name)).toEqual(['a', 'b', 'c']);
      const after = server.tools().map((t) => t.name);
      expect([...after].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      expect(after).not.toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
      const second = page(await list(url, first.nextCursor));
      expect(second.tools.map((t) => t.name)).toEqual(after.slice(3));
      orders.push(after);
    }
    expect(orders[0]).toEqual(orders[1]);
  });

  it('insertTools at the front between two pages pushes an unseen tool onto the page already read', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('insert')
        .tools(...tools('a', 'b', 'c', 'd'))
        .pageSize(2)
        .step('front', insertTools([tool('new')], 0), betweenPages(1))
        .build(),
    );
    const first = page(await list(url));
    expect(server.tools().map((t) => t.name)).toEqual(['new', 'a', 'b', 'c', 'd']);
    // Offset 2 of the new list: 'b' is served again and 'new' is never seen by this listing.
    expect(names(await list(url, first.nextCursor))).toEqual(['b', 'c']);
  });

  it('ordinary JSON-RPC errors travel with HTTP 200 by default or 400 when the script says so (§11.7)', async () => {
    for (const status of [200, 400] as const) {
      const { url } = await fixture.start(
        scriptBuilder('status').server({ jsonRpcErrorStatus: status }).tools(tool('a')).pageSize(1).build(),
      );
      const reply = await list(url, 'not-a-cursor');
      expect(reply.status).toBe(status);
      expect(reply.json?.error).toMatchObject({ code: -32602 });
    }
  });
});

describe('freshness', () => {
  const fixture = useLoopback();

  it('tools/list carries ttlMs and cacheScope, per result and overridden per page', async () => {
    const { url } = await fixture.start(
      scriptBuilder('fresh')
        .tools(...tools('a', 'b', 'c'))
        .pageSize(1)
        .freshness({ ttlMs: 60_000, cacheScope: 'public', pages: [{ page: 2, ttlMs: 0 }] })
        .build(),
    );
    const first = await list(url);
    const second = await list(url, page(first).nextCursor);
    const third = await list(url, page(second).nextCursor);
    expect([page(first).ttlMs, page(second).ttlMs, page(third).ttlMs]).toEqual([60_000, 0, 60_000]);
    expect(page(first).cacheScope).toBe('public');
  });

  it('a page may be given another cacheScope (a deliberate violation: all pages of a listing must share it, §11.12)', async () => {
    const { url } = await fixture.start(
      scriptBuilder('mixed-scope')
        .tools(...tools('a', 'b'))
        .pageSize(1)
        .freshness({ cacheScope: 'public', pages: [{ page: 2, cacheScope: 'private' }] })
        .build(),
    );
    const first = await list(url);
    const second = await list(url, page(first).nextCursor);
    expect([page(first).cacheScope, page(second).cacheScope]).toEqual(['public', 'private']);
  });

  it('server/discover carries its own ttlMs and cacheScope and the SDK client reads them', async () => {
    const { url } = await fixture.start(
      scriptBuilder('discover').freshness({ discoverTtlMs: 1_234, discoverCacheScope: 'private' }).build(),
    );
    const client = await fixture.connect(url, 'modern');
    expect(client.getDiscoverResult()).toMatchObject({
      ttlMs: 1_234,
      cacheScope: 'private',
      capabilities: { tools: { listChanged: true } },
      supportedVersions: ['2026-07-28'],
    });
  });

  it('setFreshness changes the hints mid-run and the SDK client cache honours them', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('set-fresh')
        .tools(tool('a'))
        .freshness({ ttlMs: 3_600_000 })
        .step('zero', { action: 'setFreshness', ttlMs: 0 })
        .step('add', addTool(tool('b'), { notify: false }))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    await client.listTools();
    server.apply('add');
    // Fresh for an hour: the client serves its cache and does not see 'b'.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a']);
    server.apply('zero');
    expect((await client.listTools({}, { cacheMode: 'refresh' })).tools.map((t) => t.name)).toEqual([
      'a',
      'b',
    ]);
    expect((await list(url)).json?.result).toMatchObject({ ttlMs: 0 });
  });
});
