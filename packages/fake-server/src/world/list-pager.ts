import type { Catalog } from './catalog.js';
import type { CursorCodec, CursorPosition } from './cursor-codec.js';
import type { ListAccess } from './list-access.js';
import type { LogicalClock } from './logical-clock.js';
import type { Principal } from './principal.js';
import type { PaginationRules } from './server-settings.js';

/** One served page of a listing (`tools/list`, `resources/list`, …). */
export interface ListPage<L = unknown> {
  items: L[];
  nextCursor?: string;
  /** 1-based page number within the enumeration. */
  page: number;
}

/** The outcome of a page request: a page, or a cursor the server does not accept. */
export type PageOutcome<L = unknown> =
  | { ok: true; page: ListPage<L> }
  | { ok: false; reason: 'invalid-cursor' | 'expired-cursor' };

/**
 * Cuts one list, as one principal sees it, into pages in the configured cursor style. A change
 * between pages is served from the current list at the cursor's offset (the spec allows gaps and
 * duplicates across pages), unless the style or `staleCursor` says stale cursors are rejected.
 * Every list (tools, resources, resource templates, prompts) is paged by its own pager with the
 * same rules.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §11.1
 */
export class ListPager<T extends object, L = T> {
  /**
   * Pages served at the current revision, by `offset:end` and view (the scopes that decide
   * visibility): a repeated listing returns the same (frozen) array, so a transcript that keeps every
   * reply holds one copy of a page, not one per request (10,000 tools are 80 KB of references per copy).
   */
  private pages = new Map<string, L[]>();
  private pagesRevision = 0;

  /**
   * @param listed what an item looks like in a listing (the fake server's own fields removed).
   */
  constructor(
    private readonly catalog: Catalog<T>,
    private readonly codec: CursorCodec,
    private readonly pagination: () => PaginationRules,
    private readonly access: ListAccess<T>,
    private readonly clock: LogicalClock,
    private readonly listed: (item: T) => L = (item) => item as unknown as L,
  ) {}

  /** The whole list `principal` sees, in list order. */
  visible(principal: Principal): readonly T[] {
    return this.access.filter(this.catalog.ordered(), principal);
  }

  /**
   * Remembers what each of `principals` sees now; the returned function later tells whether a
   * principal's view changed since (a principal not remembered counts as changed).
   */
  viewChangeDetector(principals: readonly Principal[]): (principal: Principal) => boolean {
    const before = new Map(principals.map((principal) => [principal.id, this.visible(principal)]));
    return (principal) => {
      const was = before.get(principal.id);
      const now = this.visible(principal);
      return !was || was.length !== now.length || was.some((item, index) => item !== now[index]);
    };
  }

  list(cursor: string | undefined, principal: Principal): PageOutcome<L> {
    const items = this.visible(principal);
    const { pageSize, cursorStyle, repeatCursor, loopEndsAtPage } = this.pagination();
    let position: CursorPosition = {
      offset: 0,
      page: 1,
      catalogRevision: this.catalog.catalogRevision,
      issuedAtMs: this.clock.now(),
    };
    if (cursor !== undefined) {
      const decoded = this.decode(cursor);
      if (!decoded.ok) return decoded;
      position = decoded.position;
    }
    const end = pageSize === undefined ? items.length : Math.min(position.offset + pageSize, items.length);
    const page: ListPage<L> = {
      items: this.slice(items, position.offset, end, principal),
      page: position.page,
    };
    if (cursorStyle === 'nonAdvancing') {
      page.nextCursor = repeatCursor;
    } else if (cursorStyle === 'freshSamePage') {
      // A new cursor on every page (never seen before), each serving the same first page again,
      // up to the page that ends the loop, if the script sets one.
      if (loopEndsAtPage === undefined || position.page < loopEndsAtPage)
        page.nextCursor = this.codec.encodeOpaque({
          offset: 0,
          page: position.page + 1,
          catalogRevision: position.catalogRevision,
          issuedAtMs: this.clock.now(),
        });
    } else if (end < items.length) {
      page.nextCursor = this.encode({
        offset: end,
        page: position.page + 1,
        catalogRevision: position.catalogRevision,
        issuedAtMs: this.clock.now(),
      });
    }
    return { ok: true, page };
  }

  private slice(items: readonly T[], offset: number, end: number, principal: Principal): L[] {
    if (this.pagesRevision !== this.catalog.catalogRevision) {
      this.pages = new Map();
      this.pagesRevision = this.catalog.catalogRevision;
    }
    const view = this.access.filters() ? [...principal.scopes].sort().join(' ') : '';
    const key = `${offset}:${end}:${view}`;
    let page = this.pages.get(key);
    if (!page) {
      page = Object.freeze(items.slice(offset, end).map(this.listed)) as L[];
      this.pages.set(key, page);
    }
    return page;
  }

  private encode(position: CursorPosition): string {
    switch (this.pagination().cursorStyle) {
      case 'offset':
        return this.codec.encodeOffset(position.offset);
      case 'emptyString':
        return position.page === 2 ? '' : this.codec.encodeOpaque(position);
      default:
        return this.codec.encodeOpaque(position);
    }
  }

  private decode(
    cursor: string,
  ): { ok: true; position: CursorPosition } | { ok: false; reason: 'invalid-cursor' | 'expired-cursor' } {
    const { cursorStyle, pageSize, repeatCursor, staleCursor, cursorTtlMs } = this.pagination();
    const now = this.clock.now();
    const current = this.catalog.catalogRevision;
    if (cursorStyle === 'nonAdvancing' && cursor === repeatCursor) {
      return { ok: true, position: { offset: 0, page: 1, catalogRevision: current, issuedAtMs: now } };
    }
    if (cursorStyle === 'emptyString' && cursor === '') {
      const offset = pageSize ?? Number.MAX_SAFE_INTEGER;
      return { ok: true, position: { offset, page: 2, catalogRevision: current, issuedAtMs: now } };
    }
    if (cursorStyle === 'offset') {
      const offset = this.codec.decodeOffset(cursor);
      if (offset === undefined) return { ok: false, reason: 'invalid-cursor' };
      const page = pageSize ? Math.floor(offset / pageSize) + 1 : 2;
      return { ok: true, position: { offset, page, catalogRevision: current, issuedAtMs: now } };
    }
    const position = this.codec.decodeOpaque(cursor);
    if (!position) return { ok: false, reason: 'invalid-cursor' };
    const rejectsStale = cursorStyle === 'expiring' || staleCursor === 'reject';
    if (rejectsStale && position.catalogRevision !== current) return { ok: false, reason: 'expired-cursor' };
    if (cursorStyle === 'expiring' && cursorTtlMs !== undefined && now - position.issuedAtMs >= cursorTtlMs) {
      return { ok: false, reason: 'expired-cursor' };
    }
    return { ok: true, position };
  }
}
