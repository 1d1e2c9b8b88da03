import type { ListKind } from '../world/list-kind.js';
import type { CacheScope, PaginationRules, ServerSettings } from '../world/server-settings.js';
import type { FreshnessSettings } from './freshness-settings.js';
import type { ListenSettings } from './listen-settings.js';
import type { NotificationSettings } from './notification-settings.js';
import type { ListPagination, PaginationSettings } from './pagination-settings.js';
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
    capabilities: doc.server?.capabilities,
    toolsListChanged: doc.server?.toolsListChanged ?? true,
    listChanged: {
      resources: doc.server?.resourcesListChanged ?? true,
      prompts: doc.server?.promptsListChanged ?? true,
    },
    resourcesSubscribe: doc.server?.resourcesSubscribe ?? true,
    callResultsAt: doc.server?.callResultsAt ?? 'arrival',
    jsonRpcErrorStatus: doc.server?.jsonRpcErrorStatus ?? 200,
    sessionTtlMs: doc.server?.sessionTtlMs,
    pagination: {
      pageSize: undefined,
      cursorStyle: 'opaque',
      cursorTtlMs: undefined,
      staleCursor: 'serve',
      repeatCursor: 'page-1',
      loopEndsAtPage: undefined,
    },
    listPagination: new Map(),
    listFreshness: new Map(),
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
    listen: {
      ack: 'immediate',
      honorToolsListChanged: undefined,
      honorResourcesListChanged: undefined,
      honorPromptsListChanged: undefined,
      honorResourceSubscriptions: undefined,
      unsupported: 'ack-empty',
    },
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
  const { lists, ...general } = patch;
  mergePagination(settings.pagination, general);
  for (const [kind, override] of Object.entries(lists ?? {}) as Array<[ListKind, ListPagination]>) {
    const target = settings.listPagination.get(kind) ?? {};
    mergePagination(target, override);
    settings.listPagination.set(kind, target);
  }
}

function mergePagination(target: Partial<PaginationRules>, patch: ListPagination): void {
  if (patch.pageSize !== undefined) target.pageSize = patch.pageSize;
  if (patch.cursorStyle !== undefined) target.cursorStyle = patch.cursorStyle;
  if (patch.cursorTtlMs !== undefined) target.cursorTtlMs = patch.cursorTtlMs;
  if (patch.staleCursor !== undefined) target.staleCursor = patch.staleCursor;
  if (patch.repeatCursor !== undefined) target.repeatCursor = patch.repeatCursor;
  if (patch.loopEndsAtPage !== undefined) target.loopEndsAtPage = patch.loopEndsAtPage;
}

/** Merges a freshness section (script or `setFreshness`) into `settings`. */
export function applyFreshness(settings: ServerSettings, patch: FreshnessSettings): void {
  const target = settings.freshness;
  if (patch.ttlMs !== undefined) target.ttlMs = patch.ttlMs;
  if (patch.cacheScope !== undefined) target.cacheScope = patch.cacheScope;
  if (patch.discoverTtlMs !== undefined) target.discoverTtlMs = patch.discoverTtlMs;
  if (patch.discoverCacheScope !== undefined) target.discoverCacheScope = patch.discoverCacheScope;
  for (const [kind, override] of Object.entries(patch.lists ?? {}) as Array<
    [ListKind, { ttlMs?: number; cacheScope?: CacheScope | 'auto' }]
  >) {
    const list = settings.listFreshness.get(kind) ?? {};
    if (override.ttlMs !== undefined) list.ttlMs = override.ttlMs;
    if (override.cacheScope !== undefined) list.cacheScope = override.cacheScope;
    settings.listFreshness.set(kind, list);
  }
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
  const honor = patch.honor ?? {};
  if (honor.toolsListChanged !== undefined) settings.listen.honorToolsListChanged = honor.toolsListChanged;
  if (honor.resourcesListChanged !== undefined)
    settings.listen.honorResourcesListChanged = honor.resourcesListChanged;
  if (honor.promptsListChanged !== undefined)
    settings.listen.honorPromptsListChanged = honor.promptsListChanged;
  if (honor.resourceSubscriptions !== undefined)
    settings.listen.honorResourceSubscriptions = honor.resourceSubscriptions;
}

/** Merges a streams section (script or `setStreams`) into `settings`. */
export function applyStreams(settings: ServerSettings, patch: StreamSettings): void {
  Object.assign(settings.streams, definedOnly(patch));
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
