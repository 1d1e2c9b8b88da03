import type { ScriptDocument } from '../script/script-document.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { CursorStyle } from './cursor-codec.js';

/** The script's server-wide settings with every default filled in. */
export interface ServerSettings {
  name: string;
  version: string;
  instructions?: string;
  /** Eras the endpoint answers; both by default, on the same endpoint. */
  eras: ReadonlySet<Era>;
  /** Whether `tools.listChanged` is advertised (and change notifications are sent). */
  toolsListChanged: boolean;
  /** Tools per page; `undefined` serves one page. */
  pageSize: number | undefined;
  cursorStyle: CursorStyle;
  /** `ttlMs` on modern `tools/list` results, ms. */
  ttlMs: number;
  cacheScope: 'public' | 'private';
  /** `ttlMs` on `server/discover` results, ms. */
  discoverTtlMs: number;
  seed: number;
}

/** Modern protocol revisions this server implements. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Legacy protocol revisions this server implements, newest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** Fills defaults: both eras, listChanged on, one page, opaque cursors, ttlMs 300000, public scope. */
export function resolveSettings(doc: ScriptDocument): ServerSettings {
  return {
    name: doc.server?.name ?? 'toolshift-fake-server',
    version: doc.server?.version ?? '1.0.0',
    ...(doc.server?.instructions !== undefined ? { instructions: doc.server.instructions } : {}),
    eras: new Set(doc.server?.eras ?? ['legacy', 'modern']),
    toolsListChanged: doc.server?.toolsListChanged ?? true,
    pageSize: doc.pagination?.pageSize,
    cursorStyle: doc.pagination?.cursorStyle ?? 'opaque',
    ttlMs: doc.freshness?.ttlMs ?? 300_000,
    cacheScope: doc.freshness?.cacheScope ?? 'public',
    discoverTtlMs: doc.freshness?.discoverTtlMs ?? 3_600_000,
    seed: doc.seed ?? 1,
  };
}
