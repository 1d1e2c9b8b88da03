import type { CacheScope, ServerSettings } from '../world/server-settings.js';
import type { FreshnessSettings } from './freshness-settings.js';
import type { ListenSettings } from './listen-settings.js';
import type { NotificationSettings } from './notification-settings.js';
import type { PaginationSettings } from './pagination-settings.js';
import type { ScriptDocument } from './script-document.js';
import type { StreamSettings } from './stream-settings.js';

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
