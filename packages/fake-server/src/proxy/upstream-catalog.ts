import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { CacheScope } from '../world/server-settings.js';
import type { ToolDefinition } from '../world/tool-definition.js';
import { UpstreamError, type UpstreamReply } from './upstream-channel.js';
import type { UpstreamLink, UpstreamSession } from './upstream-link.js';

/** The most pages the proxy follows in one listing of the upstream (a cursor loop ends there). */
export const MAX_UPSTREAM_PAGES = 1000;

/** The upstream's tool list as the proxy read it, every page. */
export interface UpstreamCatalog {
  tools: ToolDefinition[];
  /** Items on the first page when the upstream paginated (it sent a `nextCursor`). */
  pageSize?: number;
  /** Page 1's `ttlMs` and `cacheScope` (modern). */
  ttlMs?: number;
  cacheScope?: CacheScope;
  /** The pages' text, for a cheap "unchanged" check on the next listing. */
  text: string;
  /** Each page's text as it came. */
  texts?: string[];
  /** Every page's answer, in order (for a session recording). */
  pages: JSONRPCMessage[];
}

/**
 * Lists every page of the upstream's tools: as a modern request on the shared channel, or on a
 * legacy session. Follows `nextCursor` (an empty string is a cursor in 2026-07-28) until a page has
 * none; stops with an error on a repeated cursor or after {@link MAX_UPSTREAM_PAGES} pages.
 * @throws {UpstreamError} when a page is refused (the error's `reply` holds the upstream's answer),
 *   the upstream is unreachable, or its listing does not end.
 * @see ../shared/spec/mcp-discovery-spec.md §2.1, §2.5
 */
export async function fetchUpstreamCatalog(
  link: UpstreamLink,
  via: { era: 'modern' } | { era: 'legacy'; session: UpstreamSession },
  previous?: UpstreamCatalog,
): Promise<UpstreamCatalog> {
  const tools: ToolDefinition[] = [];
  const pages: JSONRPCMessage[] = [];
  const texts: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let first: Record<string, unknown> | undefined;
  let pageSize: number | undefined;
  for (let page = 1; page <= MAX_UPSTREAM_PAGES; page++) {
    const params = cursor === undefined ? {} : { cursor };
    // One id per page (listings never overlap: the mirror runs one at a time), so an unchanged page
    // comes back as the same text and is not parsed again.
    const id = `toolshift-proxy-list-${page}`;
    const before = previous?.pages[page - 1];
    const beforeText = previous?.texts?.[page - 1];
    const sameAs = before && beforeText !== undefined ? { sameAs: { text: beforeText, answer: before } } : {};
    const reply: UpstreamReply =
      via.era === 'modern'
        ? await link.modernRequest('tools/list', params, { id, ...sameAs })
        : await via.session.channel.send(
            { jsonrpc: '2.0', id, method: 'tools/list', params } as JSONRPCMessage,
            link.legacyOptions(via.session, sameAs),
          );
    const result = (reply.answer as { result?: Record<string, unknown> } | undefined)?.result;
    if (!result || !Array.isArray(result.tools)) {
      const error = (reply.answer as { error?: { code?: number; message?: string } } | undefined)?.error;
      throw new UpstreamError(
        `the upstream refused tools/list page ${page}${error ? ` (${error.code}: ${error.message})` : ''}`,
        reply,
      );
    }
    pages.push(reply.answer!);
    texts.push(reply.text ?? JSON.stringify(reply.answer));
    tools.push(...(result.tools as ToolDefinition[]));
    if (page === 1) first = result;
    const next = result.nextCursor;
    if (typeof next !== 'string') {
      const freshness: Pick<UpstreamCatalog, 'ttlMs' | 'cacheScope'> = {};
      if (typeof first?.ttlMs === 'number') freshness.ttlMs = first.ttlMs;
      if (first?.cacheScope === 'public' || first?.cacheScope === 'private')
        freshness.cacheScope = first.cacheScope;
      return {
        tools,
        ...(pageSize !== undefined ? { pageSize } : {}),
        ...freshness,
        text: texts.join('\n'),
        texts,
        pages,
      };
    }
    if (page === 1 && result.tools.length > 0) pageSize = result.tools.length;
    if (seen.has(next)) throw new UpstreamError(`the upstream's tools/list repeats cursor '${next}'`, reply);
    seen.add(next);
    cursor = next;
  }
  throw new UpstreamError(`the upstream's tools/list did not end within ${MAX_UPSTREAM_PAGES} pages`);
}
