import type { Catalog } from './catalog.js';
import type { CursorCodec, CursorPosition } from './cursor-codec.js';
import type { LogicalClock } from './logical-clock.js';
import type { Principal } from './principal.js';
import type { ServerSettings } from './server-settings.js';
import type { ToolAccess } from './tool-access.js';
import type { ToolDefinition } from './tool-definition.js';

/** One served page of a `tools/list` enumeration. */
export interface ToolPage {
  tools: ToolDefinition[];
  nextCursor?: string;
  /** 1-based page number within the enumeration. */
  page: number;
}

/** The outcome of a page request: a page, or a cursor the server does not accept. */
export type PageOutcome =
  | { ok: true; page: ToolPage }
  | { ok: false; reason: 'invalid-cursor' | 'expired-cursor' };

/**
 * Cuts the catalog, as one principal sees it, into pages in the configured cursor style. A change
 * between pages is served from the current catalog at the cursor's offset (the spec allows gaps and
 * duplicates across pages), unless the style or `staleCursor` says stale cursors are rejected.
 * @see ../shared/spec/mcp-discovery-spec.md §2.5, §11.1
 */
export class ToolLister {
  /**
   * Pages served at the current catalog revision, by `offset:end` and view (the scopes that decide
   * visibility): a repeated listing returns the same (frozen) array, so a transcript that keeps every
   * reply holds one copy of a page, not one per request (10,000 tools are 80 KB of references per copy).
   */
  private pages = new Map<string, ToolDefinition[]>();
  private pagesRevision = 0;

  constructor(
    private readonly catalog: Catalog,
    private readonly codec: CursorCodec,
    private readonly settings: ServerSettings,
    private readonly access: ToolAccess,
    private readonly clock: LogicalClock,
  ) {}

  /** The whole list `principal` sees, in catalog order. */
  visibleTools(principal: Principal): ToolDefinition[] {
    return this.access.filter(this.catalog.tools(), principal);
  }

  /**
   * Remembers what each of `principals` sees now; the returned function later tells whether a
   * principal's view changed since (a principal not remembered counts as changed).
   */
  viewChangeDetector(principals: readonly Principal[]): (principal: Principal) => boolean {
    const before = new Map(principals.map((principal) => [principal.id, this.visibleTools(principal)]));
    return (principal) => {
      const was = before.get(principal.id);
      const now = this.visibleTools(principal);
      return !was || was.length !== now.length || was.some((tool, index) => tool !== now[index]);
    };
  }

  list(cursor: string | undefined, principal: Principal): PageOutcome {
    const tools = this.visibleTools(principal);
    const { pageSize, cursorStyle, repeatCursor } = this.settings.pagination;
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
    const end = pageSize === undefined ? tools.length : Math.min(position.offset + pageSize, tools.length);
    const page: ToolPage = { tools: this.slice(tools, position.offset, end, principal), page: position.page };
    if (cursorStyle === 'nonAdvancing') {
      page.nextCursor = repeatCursor;
    } else if (end < tools.length) {
      page.nextCursor = this.encode({
        offset: end,
        page: position.page + 1,
        catalogRevision: position.catalogRevision,
        issuedAtMs: this.clock.now(),
      });
    }
    return { ok: true, page };
  }

  private slice(
    tools: ToolDefinition[],
    offset: number,
    end: number,
    principal: Principal,
  ): ToolDefinition[] {
    if (this.pagesRevision !== this.catalog.catalogRevision) {
      this.pages = new Map();
      this.pagesRevision = this.catalog.catalogRevision;
    }
    const view = this.access.filters() ? [...principal.scopes].sort().join(' ') : '';
    const key = `${offset}:${end}:${view}`;
    let page = this.pages.get(key);
    if (!page) {
      page = Object.freeze(tools.slice(offset, end)) as ToolDefinition[];
      this.pages.set(key, page);
    }
    return page;
  }

  private encode(position: CursorPosition): string {
    switch (this.settings.pagination.cursorStyle) {
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
    const { cursorStyle, pageSize, repeatCursor, staleCursor, cursorTtlMs } = this.settings.pagination;
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
