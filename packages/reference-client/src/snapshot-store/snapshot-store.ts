import type { Era, JsonObject } from '../snapshot/discovered-tool.js';

/**
 * What a persisted record is keyed by: the server as the host configured it (`server`: its id and
 * endpoint, never anything the server reports), the credential profile (`null` without
 * credentials; credentials without a profile id are never persisted) and the protocol revision.
 * A record is never read under another profile or revision.
 */
export interface SnapshotStoreKey {
  server: string;
  credentialProfileId: string | null;
  protocolRevision: string;
}

/** A legacy (2025-11-25) HTTP session a host may resume at its next start. */
export interface StoredSession {
  /** The `Mcp-Session-Id` (a bearer of the session: store it like a credential). */
  sessionId: string;
  /** The server's capabilities from its `initialize` result (a resumed session has no handshake). */
  capabilities: JsonObject;
  serverInfo?: { name: string; version: string };
}

/**
 * One server's persisted discovery: the last verified tools listing (`tools`, in the shape of
 * `StoredCatalogSnapshot`), and the legacy session to resume, as of `savedAtMs` (host clock).
 * Restored tools are shown as last-known (`stale`), never executed before a listing verifies them.
 */
export interface StoredServerRecord {
  savedAtMs: number;
  era: Era;
  protocolRevision: string;
  tools?: unknown;
  session?: StoredSession;
}

/**
 * Where a host persists what it discovered, so a restart can show the last-known tools at once and
 * resume a legacy session. Implementations: {@link InMemorySnapshotStore} (the default: one
 * process), {@link FileSnapshotStore} (a directory, atomic writes). `load` never throws for a
 * missing or unreadable record (it resolves `undefined`); `save` and `delete` may reject, and the
 * host then only warns.
 */
export interface SnapshotStore {
  load(key: SnapshotStoreKey): Promise<StoredServerRecord | undefined>;
  save(key: SnapshotStoreKey, record: StoredServerRecord): Promise<void>;
  delete(key: SnapshotStoreKey): Promise<void>;
}

/** The canonical text of a key (one string per key, whatever the field order). */
export function snapshotStoreKeyText(key: SnapshotStoreKey): string {
  return JSON.stringify([key.server, key.credentialProfileId, key.protocolRevision]);
}
