import type { Era } from '../transcript/transcript-frame.js';
import type { ListFamily, ListKind } from './list-kind.js';

/** `public` or `private` (§7). */
export type CacheScope = 'public' | 'private';

/**
 * Cursor styles (cursors are opaque strings, §2.5); the script's `pagination.cursorStyle` documents
 * each one.
 */
export const CURSOR_STYLES = [
  'opaque',
  'offset',
  'nonAdvancing',
  'emptyString',
  'expiring',
  'freshSamePage',
] as const;
export type CursorStyle = (typeof CURSOR_STYLES)[number];

/** How the server signals list changes (the script's `notifications` section, every field set). */
export interface NotificationRules {
  mode: 'send' | 'suppress';
  delayMs: number;
  duplicate: number;
  legacyRoute: 'get' | 'post' | 'get-or-post';
  uninitializedSessions: 'skip' | 'send';
  audience: 'all' | 'affected';
}

/**
 * The script's server-wide settings with every default filled in. Mutable: `set*` actions change
 * them mid-run (e.g. the page size between two pages).
 */
export interface ServerSettings {
  name: string;
  version: string;
  instructions?: string;
  /** Eras the endpoint answers; both by default, on the same endpoint. */
  eras: ReadonlySet<Era>;
  /** Whether `tools.listChanged` is advertised (and change notifications are sent). */
  toolsListChanged: boolean;
  /**
   * When a `tools/call` result (and any scripted answer) is chosen: at the request's arrival (before
   * `received`-phase steps run; default) or when the method runs after them.
   */
  callResultsAt: 'arrival' | 'answer';
  /** HTTP status of ordinary JSON-RPC errors (invalid cursor, unknown tool): 200 (default) or 400 (§11.7). */
  jsonRpcErrorStatus: 200 | 400;
  /** Legacy sessions idle this long (logical ms) are expired (404); `undefined` = never. */
  sessionTtlMs: number | undefined;
  /**
   * The exact `capabilities` object of `initialize` and `server/discover` results, when the script
   * sets one (right or wrong); `undefined` derives it from what is served.
   */
  capabilities: Record<string, unknown> | undefined;
  /** Whether resource and prompt list changes are announced (`list_changed`), per family (tools: `toolsListChanged`). */
  listChanged: Record<Exclude<ListFamily, 'tools'>, boolean>;
  /** Whether clients may subscribe to resource updates (legacy `resources/subscribe`, modern `resourceSubscriptions`). */
  resourcesSubscribe: boolean;
  /** Pagination of every list (the script's `pagination` section, apart from its `lists` overrides). */
  pagination: PaginationRules;
  /** Per-list pagination overrides (`pagination.lists`). */
  listPagination: Map<ListKind, Partial<PaginationRules>>;
  /** Per-list freshness overrides (`freshness.lists`): `ttlMs` and `cacheScope` of that list's results. */
  listFreshness: Map<ListKind, { ttlMs?: number; cacheScope?: CacheScope | 'auto' }>;
  freshness: {
    /** `ttlMs` on modern `tools/list` results, ms. */
    ttlMs: number;
    cacheScope: CacheScope | 'auto';
    /** `ttlMs` on `server/discover` results, ms. */
    discoverTtlMs: number;
    discoverCacheScope: CacheScope;
    /** Per-page overrides, by 1-based page number. */
    pages: Map<number, { ttlMs?: number; cacheScope?: CacheScope }>;
  };
  notifications: NotificationRules;
  listen: {
    ack: 'immediate' | 'withhold' | 'afterFirstNotification';
    honorToolsListChanged: boolean | undefined;
    honorResourcesListChanged: boolean | undefined;
    honorPromptsListChanged: boolean | undefined;
    honorResourceSubscriptions: boolean | undefined;
    unsupported: 'ack-empty' | 'method-not-found';
  };
  streams: {
    postResponse: 'json' | 'sse';
    eventIds: boolean;
    retryMs: number | undefined;
    getStream: 'allow' | 'refuse';
  };
  seed: number;
}

/** How a list is paginated: page size, cursor style and what happens to old cursors. */
export interface PaginationRules {
  /** Items per page; `undefined` serves one page. */
  pageSize: number | undefined;
  cursorStyle: CursorStyle;
  cursorTtlMs: number | undefined;
  staleCursor: 'serve' | 'reject';
  repeatCursor: string;
  /** `freshSamePage`: the page served without `nextCursor`; `undefined`: the listing never ends. */
  loopEndsAtPage: number | undefined;
}

/** Modern protocol revisions this server implements. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Legacy protocol revisions this server implements, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
