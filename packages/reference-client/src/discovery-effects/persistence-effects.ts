import { MODERN_PROTOCOL_REVISION } from '../connection/era-preference.js';
import type { ServerConnection } from '../connection/server-connection.js';
import { describeEndpoint } from '../connection/server-endpoint.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import { restoreCatalogSnapshot, storeCatalogSnapshot } from '../snapshot/stored-catalog-snapshot.js';
import type {
  SnapshotStoreKey,
  StoredServerRecord,
  StoredSession,
} from '../snapshot-store/snapshot-store.js';
import type { DiscoveryScope } from './discovery-scope.js';
import type { WarningEffects } from './warning-effects.js';

/**
 * What one server's discovery keeps in the host's snapshot store: the last verified tools listing
 * and, when the host persists sessions, the legacy HTTP session, under the server, the credential
 * profile and the protocol revision. Saves run one at a time, in order; a failed save or an
 * unreadable record is only a warning.
 */
export class PersistenceEffects {
  /** A stored legacy session to resume on the next connection (used once). */
  private resumable: (StoredSession & { protocolRevision: string }) | undefined;
  /** What was last persisted (or restored): carried over when only the session changes. */
  private stored: StoredServerRecord | undefined;
  /** Saves in order, one at a time. */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly scope: DiscoveryScope,
    private readonly warnings: WarningEffects,
  ) {}

  /**
   * Loads the last record persisted for this server and credential profile under the preferred
   * revisions of its era setting (the newest wins), remembers a legacy session in it to resume,
   * and returns its tools listing as a last-known snapshot. Undefined when there is none, when it
   * cannot be restored (a warning), or when the discovery closed or listed meanwhile. Never rejects.
   */
  async restore(): Promise<CatalogSnapshot | undefined> {
    const { scope } = this;
    const config = scope.config();
    const profile = this.profile();
    const unknown = () => scope.machine().lists.tools!.phase === 'unknown';
    if (profile === undefined || !unknown()) return undefined;
    const era = config.era ?? 'auto';
    const revisions =
      era === 'legacy'
        ? ['2025-11-25']
        : era === 'modern'
          ? [MODERN_PROTOCOL_REVISION]
          : [MODERN_PROTOCOL_REVISION, '2025-11-25'];
    let record: StoredServerRecord | undefined;
    for (const protocolRevision of revisions) {
      const found = await scope.host.store
        .load(this.storeKey(protocolRevision, profile))
        .catch(() => undefined);
      if (found && (!record || found.savedAtMs > record.savedAtMs)) record = found;
    }
    if (!record || scope.closed() || !unknown()) return undefined;
    this.stored = record;
    if (
      record.session &&
      scope.host.persistSessions &&
      scope.endpoint().kind === 'http' &&
      record.era === 'legacy'
    ) {
      this.resumable = { ...record.session, protocolRevision: record.protocolRevision };
    }
    if (record.tools === undefined) return undefined;
    const restored = restoreCatalogSnapshot(record.tools, config.serverId);
    if (!restored.ok) {
      this.warnStore(`the stored listing could not be restored: ${restored.problem}`);
      return undefined;
    }
    return restored.snapshot;
  }

  /** The stored legacy session to resume, once: a rejected one is replaced, never offered again. */
  takeResumable(): (StoredSession & { protocolRevision: string }) | undefined {
    const resumable = this.resumable;
    this.resumable = undefined;
    return resumable;
  }

  /**
   * Persists the verified listing (`snapshot`, else the one stored before) and, when the host
   * persists sessions, the legacy session of `connection`, under this server, credential profile
   * and protocol revision.
   */
  persist(connection: ServerConnection, snapshot?: CatalogSnapshot): void {
    const { host } = this.scope;
    const profile = this.profile();
    if (profile === undefined) return;
    const protocolRevision = connection.protocolRevision;
    const previous = this.stored?.protocolRevision === protocolRevision ? this.stored : undefined;
    const sessionId = host.persistSessions ? connection.sessionId : undefined;
    const record: StoredServerRecord = {
      savedAtMs: host.clock.now(),
      era: connection.era,
      protocolRevision,
      ...(snapshot
        ? { tools: storeCatalogSnapshot(snapshot) }
        : previous?.tools !== undefined
          ? { tools: previous.tools }
          : {}),
      ...(sessionId !== undefined
        ? {
            session: {
              sessionId,
              capabilities: connection.rawCapabilities,
              ...(connection.serverInfo
                ? { serverInfo: { name: connection.serverInfo.name, version: connection.serverInfo.version } }
                : {}),
            },
          }
        : {}),
    };
    this.stored = record;
    const key = this.storeKey(protocolRevision, profile);
    this.saving = this.saving.then(() =>
      host.store.save(key, record).catch((error: unknown) => {
        this.warnStore(
          `saving the listing failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }),
    );
  }

  /** Resolves when every save issued so far has finished (for hosts that exit right after). */
  flushed(): Promise<void> {
    return this.saving;
  }

  /** The credential profile records are keyed by: `null` without credentials; undefined (never persisted) with credentials but no profile id. */
  private profile(): string | null | undefined {
    const config = this.scope.config();
    return config.credentialProfileId ?? (config.bearerToken === undefined ? null : undefined);
  }

  private storeKey(protocolRevision: string, credentialProfileId: string | null): SnapshotStoreKey {
    return {
      server: `${this.scope.config().serverId} ${describeEndpoint(this.scope.endpoint())}`,
      credentialProfileId,
      protocolRevision,
    };
  }

  private warnStore(message: string): void {
    this.warnings.warn({ kind: 'store-failed', list: 'tools', message }, false);
  }
}
