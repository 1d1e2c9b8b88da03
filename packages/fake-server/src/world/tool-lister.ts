import type { Catalog } from './catalog.js';
import type { CursorCodec } from './cursor-codec.js';
import type { ToolDefinition } from './tool-definition.js';

/** One served page of a `tools/list` enumeration. */
export interface ToolPage {
  tools: ToolDefinition[];
  nextCursor?: string;
  /** 1-based page number within the enumeration. */
  page: number;
}

/** The outcome of a page request: a page, or a cursor the server does not accept. */
export type PageOutcome = { ok: true; page: ToolPage } | { ok: false; reason: 'invalid-cursor' };

/**
 * Cuts the current catalog into pages. Cursors carry the offset, page number and the revision the
 * enumeration started at; a change between pages is served from the current catalog (the spec
 * allows gaps and duplicates across pages, §7 Pagination).
 * @see ../shared/spec/mcp-discovery-spec.md §2.5
 */
export class ToolLister {
  /**
   * Pages served at the current catalog revision, by `offset:end`: a repeated listing returns the
   * same (frozen) array, so a transcript that keeps every reply holds one copy of a page, not one
   * per request (10,000 tools are 80 KB of references per copy).
   */
  private pages = new Map<string, ToolDefinition[]>();
  private pagesRevision = 0;

  constructor(
    private readonly catalog: Catalog,
    private readonly codec: CursorCodec,
    private readonly pageSize: () => number | undefined,
  ) {}

  list(cursor: string | undefined): PageOutcome {
    const tools = this.catalog.tools();
    let offset = 0;
    let page = 1;
    let startedAt = this.catalog.catalogRevision;
    const size = this.pageSize();
    if (cursor !== undefined) {
      const position = this.codec.decode(cursor);
      if (!position) return { ok: false, reason: 'invalid-cursor' };
      offset = position.offset;
      page = position.page || (size ? Math.floor(offset / size) + 1 : 2);
      startedAt = position.catalogRevision || startedAt;
    }
    const end = size === undefined ? tools.length : Math.min(offset + size, tools.length);
    const slice = this.page(tools, offset, end);
    const result: ToolPage = { tools: slice, page };
    if (end < tools.length) {
      result.nextCursor = this.codec.encode({ offset: end, page: page + 1, catalogRevision: startedAt });
    }
    return { ok: true, page: result };
  }

  private page(tools: ToolDefinition[], offset: number, end: number): ToolDefinition[] {
    if (this.pagesRevision !== this.catalog.catalogRevision) {
      this.pages = new Map();
      this.pagesRevision = this.catalog.catalogRevision;
    }
    const key = `${offset}:${end}`;
    let page = this.pages.get(key);
    if (!page) {
      page = Object.freeze(tools.slice(offset, end)) as ToolDefinition[];
      this.pages.set(key, page);
    }
    return page;
  }
}
