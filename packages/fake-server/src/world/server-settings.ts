import type { FreshnessSettings } from '../script/freshness-settings.js';
import type { ListenSettings } from '../script/listen-settings.js';
import type { NotificationSettings } from '../script/notification-settings.js';
import type { CursorStyle, PaginationSettings } from '../script/pagination-settings.js';
import type { ScriptDocument } from '../script/script-document.js';
import type { StreamSettings } from '../script/stream-settings.js';
import type { Era } from '../transcript/transcript-frame.js';

/** `public` or `private` (§7). */
export type CacheScope = 'public' | 'private';

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
  /** HTTP status of ordinary JSON-RPC errors (invalid cursor, unknown tool): 200 (default) or 400 (§11.7). */
  jsonRpcErrorStatus: 200 | 400;
  /** Legacy sessions idle this long (logical ms) are expired (404); `undefined` = never. */
  sessionTtlMs: number | undefined;
  pagination: {
    /** Tools per page; `undefined` serves one page. */
    pageSize: number | undefined;
    cursorStyle: CursorStyle;
    cursorTtlMs: number | undefined;
    staleCursor: 'serve' | 'reject';
    repeatCursor: string;
  };
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
  notifications: Required<NotificationSettings>;
  listen: { ack: NonNullable<ListenSettings['ack']>; honorToolsListChanged: boolean | undefined } & {
    unsupported: NonNullable<ListenSettings['unsupported']>;
  };
  streams: {
    postResponse: 'json' | 'sse';
    eventIds: boolean;
    retryMs: number | undefined;
    getStream: 'allow' | 'refuse';
  };
  seed: number;
}

/** Modern protocol revisions this server implements. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Legacy protocol revisions this server implements, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/**
 * Fills defaults: both eras, listChanged on, one page, opaque cursors, ttlMs 300000, cache scope
 * `auto`, notifications sent at once on the GET stream, immediate acks, JSON responses, no event ids.
 */
export function resolveSettings(doc: ScriptDocument): ServerSettings {
  const settings: ServerSettings = {
    name: doc.server?.name ?? 'toolshift-fake-server',
    version: doc.server?.version ?? '1.0.0',
    ...(doc.server?.instructions !== undefined ? { instructions: doc.server.instructions } : {}),
    eras: new Set(doc.server?.eras ?? ['legacy', 'modern']),
    toolsListChanged: doc.server?.toolsListChanged ?? true,
    jsonRpcErrorStatus: doc.server?.jsonRpcErrorStatus ?? 200,
    sessionTtlMs: doc.server?.sessionTtlMs,
    pagination: {
      pageSize: undefined,
      cursorStyle: 'opaque',
      cursorTtlMs: undefined,
      staleCursor: 'serve',
      repeatCursor: 'page-1',
    },
    freshness: {
      ttlMs: 300_000,
      cacheScope: 'auto',
      discoverTtlMs: 3_600_000,
      discoverCacheScope: 'public',
      pages: new Map(),
    },
    notifications: {
      mode: 'send',
      delayMs: 0,
      duplicate: 1,
      legacyRoute: 'get',
      uninitializedSessions: 'skip',
      audience: 'all',
    },
    listen: { ack: 'immediate', honorToolsListChanged: undefined, unsupported: 'ack-empty' },
    streams: { postResponse: 'json', eventIds: false, retryMs: undefined, getStream: 'allow' },
    seed: doc.seed ?? 1,
  };
  if (doc.pagination) applyPagination(settings, doc.pagination);
  if (doc.freshness) applyFreshness(settings, doc.freshness);
  if (doc.notifications) applyNotifications(settings, doc.notifications);
  if (doc.listen) applyListen(settings, doc.listen);
  if (doc.streams) applyStreams(settings, doc.streams);
  return settings;
}

/** Merges a pagination section (script or `setPagination`) into `settings`. */
export function applyPagination(settings: ServerSettings, patch: PaginationSettings): void {
  const target = settings.pagination;
  if (patch.pageSize !== undefined) target.pageSize = patch.pageSize;
  if (patch.cursorStyle !== undefined) target.cursorStyle = patch.cursorStyle;
  if (patch.cursorTtlMs !== undefined) target.cursorTtlMs = patch.cursorTtlMs;
  if (patch.staleCursor !== undefined) target.staleCursor = patch.staleCursor;
  if (patch.repeatCursor !== undefined) target.repeatCursor = patch.repeatCursor;
}

/** Merges a freshness section (script or `setFreshness`) into `settings`. */
export function applyFreshness(settings: ServerSettings, patch: FreshnessSettings): void {
  const target = settings.freshness;
  if (patch.ttlMs !== undefined) target.ttlMs = patch.ttlMs;
  if (patch.cacheScope !== undefined) target.cacheScope = patch.cacheScope;
  if (patch.discoverTtlMs !== undefined) target.discoverTtlMs = patch.discoverTtlMs;
  if (patch.discoverCacheScope !== undefined) target.discoverCacheScope = patch.discoverCacheScope;
  for (const page of patch.pages ?? []) {
    const override: { ttlMs?: number; cacheScope?: CacheScope } = {};
    if (page.ttlMs !== undefined) override.ttlMs = page.ttlMs;
    if (page.cacheScope !== undefined) override.cacheScope = page.cacheScope;
    target.pages.set(page.page, override);
  }
}

/** Merges a notifications section (script or `setNotifications`) into `settings`. */
export function applyNotifications(settings: ServerSettings, patch: NotificationSettings): void {
  Object.assign(settings.notifications, definedOnly(patch));
}

/** Merges a listen section (script or `setListen`) into `settings`. */
export function applyListen(settings: ServerSettings, patch: ListenSettings): void {
  if (patch.ack !== undefined) settings.listen.ack = patch.ack;
  if (patch.unsupported !== undefined) settings.listen.unsupported = patch.unsupported;
  if (patch.honor?.toolsListChanged !== undefined)
    settings.listen.honorToolsListChanged = patch.honor.toolsListChanged;
}

/** Merges a streams section (script or `setStreams`) into `settings`. */
export function applyStreams(settings: ServerSettings, patch: StreamSettings): void {
  Object.assign(settings.streams, definedOnly(patch));
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
