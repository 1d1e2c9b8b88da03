import type { McpSubscription } from '@modelcontextprotocol/client';
import type { FetchViolation } from '../connection/bounded-fetch.js';
import { walkPages } from '../connection/page-walker.js';
import { ServerConnection } from '../connection/server-connection.js';
import { ClassifiedError } from '../errors/classified-error.js';
import { classifyFailure } from '../errors/classify-failure.js';
import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import { backoffDelayMs } from '../freshness/backoff.js';
import type { DiscoveryCacheKey } from '../freshness/discovery-cache.js';
import { effectiveTtlMs } from '../freshness/freshness-policy.js';
import { settlesWithin } from '../freshness/host-clock.js';
import { buildCatalogSnapshot } from '../snapshot/build-catalog-snapshot.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { DiscoveredTool, Era } from '../snapshot/discovered-tool.js';
import type { HostContext } from './host-context.js';
import type { ServerConfig } from './server-config.js';
import { type ChangeSignal, type DiscoveryState, type ServerState, stateForFailure } from './server-state.js';

/**
 * Refresh reasons that say the catalog may have changed (a notification, a lost or reopened change
 * channel, a lost session, a call the server no longer recognised): until a listing that started
 * after such a signal is verified, the snapshot may be missing tools the server already offers.
 */
const CHANGE_REASONS = new Set([
  'list-changed',
  'stream-lost',
  'stream-reopened',
  'resubscribed',
  'session-lost',
  'call-error',
]);

/**
 * Whether the verified snapshot reflects every change signal received so far: `current`, or not,
 * because the refresh the signal started is still running (`refresh-pending`) or failed
 * (`refresh-failed`); `detail` says why.
 */
export type ChangeStatus =
  | { current: true }
  | { current: false; reason: 'refresh-pending' | 'refresh-failed'; detail: string };

/**
 * Discovery of one server: its connection, state machine, change signal, refresh loop and polling
 * backstop. A refresh always enumerates from page one; a change that lands while an enumeration is
 * in flight marks it dirty, and the loop discards that listing and lists again (never dropped, never
 * a mix). Only a complete, clean listing is swapped into the registry.
 * @see ../shared/spec/mcp-discovery-spec.md §4 (change notifications), §7 (freshness)
 */
export class ServerDiscovery {
  private state: DiscoveryState = 'unknown';
  private failure: DiscoveryFailure | undefined;
  private era: Era | undefined;
  private protocolRevision: string | undefined;
  private changeSignal: ChangeSignal = 'none';
  private changeSignalNote: string | undefined;
  private connection: ServerConnection | undefined;
  private subscription: McpSubscription | undefined;
  private lastKnown: CatalogSnapshot | undefined;
  private lastViolation: FetchViolation | undefined;
  private dirty = false;
  private running: Promise<void> | undefined;
  private cancelPoll: (() => void) | undefined;
  private cancelResubscribe: (() => void) | undefined;
  private failedAttempts = 0;
  private resubscribeAttempts = 0;
  private generation = 0;
  private refreshSoon = false;
  private lastReason = 'initial';
  private closed = false;
  /** Change signals received, and how many of them the verified snapshot reflects. */
  private changeSeq = 0;
  private appliedChangeSeq = 0;
  private cancelSleep: (() => void) | undefined;
  /** Connections still closing; a new one waits for them. */
  private closing: Promise<void> | undefined;

  constructor(
    private config: ServerConfig,
    private readonly host: HostContext,
  ) {}

  /** The server's configuration (credentials included: do not log it). */
  get serverConfig(): Readonly<ServerConfig> {
    return this.config;
  }

  /** The server's status now. A `ready` snapshot past its TTL reads as `stale`. */
  status(): ServerState {
    const verified = this.host.registry.snapshot(this.config.serverId);
    const expired = verified?.isExpired(this.host.clock.now()) === true;
    const state = this.state === 'ready' && expired ? 'stale' : this.state;
    return {
      serverId: this.config.serverId,
      state,
      ...(this.era ? { era: this.era } : {}),
      ...(this.protocolRevision ? { protocolRevision: this.protocolRevision } : {}),
      ...(this.failure ? { failure: this.failure } : {}),
      changeSignal: this.changeSignal,
      ...(this.changeSignalNote ? { changeSignalNote: this.changeSignalNote } : {}),
      toolCount: verified?.tools.length ?? 0,
      excludedCount: verified?.excluded.length ?? 0,
      ...(verified
        ? {
            catalogHash: verified.catalogHash,
            verifiedAtMs: verified.freshness.fetchedAtMs,
            expiresAtMs: verified.freshness.expiresAtMs,
          }
        : {}),
    };
  }

  /** The last snapshot that was ever verified, kept even when the server is withdrawn. */
  lastKnownSnapshot(): CatalogSnapshot | undefined {
    return this.lastKnown;
  }

  /** The live connection, if any (for tool calls). */
  liveConnection(): ServerConnection | undefined {
    return this.connection;
  }

  /**
   * Lists the server again from page one and swaps the registry when done. Joins a refresh in
   * flight (marking it dirty, so it lists once more after the current enumeration). Never rejects:
   * failures are classified into the state.
   */
  refresh(reason: string): Promise<ServerState> {
    if (this.closed) return Promise.resolve(this.status());
    this.dirty = true;
    this.lastReason = reason;
    if (CHANGE_REASONS.has(reason)) this.changeSeq++;
    this.running ??= this.runLoop().finally(() => {
      this.running = undefined;
      // A signal that landed after the loop's last check but before it settled still gets its listing.
      if (this.dirty && !this.closed) void this.refresh(this.lastReason);
    });
    return this.running.then(() => this.status());
  }

  /**
   * Waits, at most `waitMs` (host clock), until the verified snapshot reflects every change signal
   * received so far, i.e. until the refresh a signal started has swapped in a listing that began
   * after it. Resolves at once when there is no such signal. Never rejects.
   * @see ../shared/cases/discovery-cases.md LC-06, RM-01 (refresh before the next model request)
   */
  async awaitChanges(waitMs: number): Promise<ChangeStatus> {
    if (this.closed || this.appliedChangeSeq >= this.changeSeq) return { current: true };
    let timedOut = false;
    let cancel: (() => void) | undefined;
    const deadline = new Promise<void>((resolve) => {
      cancel = this.host.clock.setTimer(() => {
        timedOut = true;
        resolve();
      }, waitMs);
    });
    while (this.running && !timedOut && this.appliedChangeSeq < this.changeSeq) {
      await Promise.race([this.running, deadline]);
      await Promise.resolve(); // let a loop restarted by a late signal take its place
    }
    cancel?.();
    if (this.closed || this.appliedChangeSeq >= this.changeSeq) return { current: true };
    if (this.running) {
      return {
        current: false,
        reason: 'refresh-pending',
        detail: `the re-list after ${this.lastReason} did not finish within ${waitMs} ms`,
      };
    }
    return {
      current: false,
      reason: 'refresh-failed',
      detail: this.failure
        ? `the re-list after a change signal failed (${this.failure.kind}, ${this.failure.reason}): ${this.failure.message}`
        : `the re-list after a change signal did not complete (server is ${this.state})`,
    };
  }

  /**
   * The server forgot the legacy session of `lost` (HTTP 404 on its id): closes that connection
   * (see `ServerConnection.close`), then initializes a new session without the old id and lists
   * again from page one. A connection already replaced only waits for the refresh in flight. Never
   * rejects.
   * @see ../shared/spec/mcp-discovery-spec.md §5.2; cases RC-01, RC-02
   */
  recoverSession(lost: ServerConnection): Promise<ServerState> {
    if (this.connection !== lost)
      return this.running?.then(() => this.status()) ?? Promise.resolve(this.status());
    void this.dropConnection();
    return this.refresh('session-lost');
  }

  /**
   * Loads a server that has never been loaded (lazy strategy) or waits for its first load; a server
   * with a snapshot is returned as it is (a refresh in flight is not awaited).
   */
  async ensureLoaded(): Promise<ServerState> {
    if (this.state === 'unknown') return this.refresh('first-use');
    if (this.state === 'loading' && this.running) return this.running.then(() => this.status());
    return this.status();
  }

  /**
   * Like {@link ensureLoaded}, but waits at most `waitMs` (host clock) for a first listing, and not
   * at all for a server whose last attempt failed (a backstop retry must not stall every model
   * request); never rejects. `pending`: the first listing was waited for and is still running.
   */
  async awaitLoaded(waitMs: number): Promise<{ pending: boolean }> {
    const first = this.state === 'unknown' ? this.refresh('first-use') : this.running;
    if (!(this.state === 'loading' && first && this.failedAttempts === 0)) return { pending: false };
    await settlesWithin(this.host.clock, first, waitMs);
    return { pending: this.state === 'loading' };
  }

  /**
   * Switches the credentials (a refreshed token, another account): the connection is rebuilt and the
   * server listed again, because the tool surface may depend on the authorization.
   */
  async updateCredentials(credentials: {
    bearerToken?: string;
    credentialProfileId?: string;
  }): Promise<ServerState> {
    this.config = { ...this.config, ...credentials };
    if (credentials.bearerToken === undefined) delete this.config.bearerToken;
    if (credentials.credentialProfileId === undefined) delete this.config.credentialProfileId;
    await this.dropConnection();
    if (this.state === 'unknown') return this.status();
    return this.refresh('credentials-changed');
  }

  /** Stops polling and subscriptions and closes the connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelPoll?.();
    this.cancelResubscribe?.();
    this.cancelSleep?.();
    await this.dropConnection();
    await this.running?.catch(() => {});
  }

  private async runLoop(): Promise<void> {
    let relists = 0;
    let cursorRestarts = 0;
    let sessionRetries = 0;
    this.cancelPoll?.();
    while (this.dirty && !this.closed) {
      this.dirty = false;
      const reason = this.lastReason;
      const signalsCovered = this.changeSeq;
      this.setState(this.host.registry.snapshot(this.config.serverId) ? 'refreshing' : 'loading');
      let connection: ServerConnection | undefined;
      try {
        connection = await this.ensureConnection();
        if (this.adoptCached(connection)) {
          this.appliedChangeSeq = signalsCovered;
          continue;
        }
        const listing = await this.enumerate(connection);
        if (this.closed) return;
        if (this.dirty) {
          if (++relists > this.host.maxRelists) {
            this.dirty = false;
            this.fail(
              this.classify(
                new ClassifiedError({
                  kind: 'server-bug',
                  reason: 'catalog-unstable',
                  message: `the catalog changed during ${relists} consecutive enumerations`,
                }),
              ),
            );
          }
          continue;
        }
        const now = this.host.clock.now();
        const previous = this.host.registry.snapshot(this.config.serverId) ?? this.lastKnown;
        const snapshot = buildCatalogSnapshot(listing, {
          serverId: this.config.serverId,
          era: connection.era,
          protocolRevision: connection.protocolRevision,
          gate: this.host.gate,
          nowMs: now,
          ttlMs: effectiveTtlMs(this.host.freshness, connection.era, listing.ttlMs),
          ...(previous ? { previous } : {}),
          ...(this.host.compileValidators === 'eager'
            ? { compile: (tool: DiscoveredTool) => this.compile(tool) }
            : {}),
        });
        this.install(snapshot, reason);
        this.appliedChangeSeq = signalsCovered;
        this.host.cache.set(this.cacheKey(connection), snapshot);
      } catch (error) {
        if (this.closed) return;
        const failure = this.classify(error);
        // Checked first: a lost session also replaces the connection (recoverSession), and every
        // new session counts against the limit, so a server that forgets them all is not looped on.
        if (failure.reason === 'session-lost') {
          if (sessionRetries >= this.host.maxSessionRetries) {
            this.dirty = false;
            this.fail(failure); // the polling backstop tries again later, with backoff
            continue;
          }
          if (this.connection === connection) await this.dropConnection();
          // A new session at once; after that, back off.
          if (sessionRetries > 0) {
            await this.sleep(
              backoffDelayMs(this.host.polling.backoff, sessionRetries - 1, () => this.host.clock.random()),
            );
          }
          sessionRetries++;
          this.dirty = true;
          continue;
        }
        if (connection !== undefined && connection !== this.connection) {
          this.dirty = true; // the connection was replaced mid-refresh (new credentials): list on the new one
          continue;
        }
        if (failure.reason === 'invalid-cursor' && cursorRestarts++ === 0) {
          this.dirty = true; // discard every page and start again from the first one
          continue;
        }
        this.fail(failure);
      }
    }
    if (this.refreshSoon) {
      this.refreshSoon = false;
      this.host.clock.setTimer(() => void this.refresh('cache-expired'), 0);
    } else this.schedulePoll();
  }

  private async enumerate(connection: ServerConnection) {
    const deadline = AbortSignal.timeout(this.host.listingDeadlineMs);
    this.lastViolation = undefined;
    return walkPages(
      async (cursor) => {
        try {
          return await connection.listPage(cursor, deadline);
        } catch (error) {
          // An invalid cursor (-32602) on a later page: discard all pages and start again (§7).
          const failure = classifyFailure(error, 0);
          if (cursor !== undefined && failure.rpcCode === -32602) {
            throw new ClassifiedError({
              kind: 'malformed-response',
              reason: 'invalid-cursor',
              message: `the server rejected its own cursor: ${failure.message}`,
              rpcCode: -32602,
            });
          }
          if (deadline.aborted) {
            throw new ClassifiedError({
              kind: 'timeout',
              reason: 'listing-deadline',
              message: `tools/list did not complete within ${this.host.listingDeadlineMs} ms`,
            });
          }
          throw error;
        }
      },
      connection.era,
      this.host.listing,
      () => connection.meter.bytesRead,
    );
  }

  private async ensureConnection(): Promise<ServerConnection> {
    if (this.connection) return this.connection;
    // A new session never starts before the old one's streams are closed: the server would
    // otherwise still see traffic under a session id the client has given up.
    while (this.closing) await this.closing;
    if (this.connection) return this.connection;
    const generation = ++this.generation;
    const connection = await ServerConnection.open({
      url: new URL(this.config.url),
      era: this.config.era ?? 'auto',
      clientInfo: this.host.clientInfo,
      ...(this.config.bearerToken !== undefined ? { bearerToken: this.config.bearerToken } : {}),
      requestTimeoutMs: this.host.requestTimeoutMs,
      bounds: this.host.fetchBounds,
      clock: this.host.clock,
      onToolsListChanged: () => {
        if (this.generation === generation) void this.refresh('list-changed');
      },
      onViolation: (violation) => {
        this.lastViolation = violation;
      },
      onStreamLost: () => {
        if (this.generation === generation) void this.refresh('stream-lost');
      },
      onStreamReopened: () => {
        if (this.generation === generation) void this.refresh('stream-reopened');
      },
      onSessionLost: () => {
        if (this.generation === generation && this.connection) void this.recoverSession(this.connection);
      },
    });
    if (this.closed) {
      await connection.close();
      throw new ClassifiedError({
        kind: 'network-unreachable',
        reason: 'host-closed',
        message: 'host closed',
      });
    }
    if (!connection.hasTools) {
      await connection.close();
      throw new ClassifiedError({
        kind: 'unsupported-operation',
        reason: 'no-tools-capability',
        message: 'the server does not advertise the tools capability',
      });
    }
    this.connection = connection;
    this.era = connection.era;
    this.protocolRevision = connection.protocolRevision;
    await this.subscribe(connection);
    return connection;
  }

  /** Modern: `subscriptions/listen` + verified ack. Legacy: rely on advertised `list_changed`. */
  private async subscribe(connection: ServerConnection): Promise<void> {
    if (connection.era === 'legacy') {
      if (connection.toolsListChanged) this.setChangeSignal('list-changed');
      else this.setChangeSignal('polling', 'the server does not advertise tools.listChanged');
      return;
    }
    if (!connection.toolsListChanged) {
      this.setChangeSignal('polling', 'the server does not advertise tools.listChanged');
      return;
    }
    try {
      const subscription = await connection.listen();
      if (this.connection !== connection || this.closed) {
        await subscription.close();
        return;
      }
      if (subscription.honoredFilter.toolsListChanged !== true) {
        await subscription.close();
        this.setChangeSignal('polling', 'the listen acknowledgement did not include toolsListChanged');
        return;
      }
      this.subscription = subscription;
      this.resubscribeAttempts = 0;
      this.setChangeSignal('listen');
      void subscription.closed.then((cause) => this.onSubscriptionClosed(connection, subscription, cause));
    } catch (error) {
      const failure = this.classify(error);
      this.setChangeSignal('polling', `subscriptions/listen failed: ${failure.kind} (${failure.reason})`);
      this.scheduleResubscribe(connection);
    }
  }

  private onSubscriptionClosed(
    connection: ServerConnection,
    subscription: McpSubscription,
    cause: 'local' | 'graceful' | 'remote',
  ): void {
    if (this.subscription === subscription) this.subscription = undefined;
    if (this.closed || cause === 'local' || this.connection !== connection) return;
    this.setChangeSignal('polling', `the listen stream ended (${cause}); listening again`);
    this.scheduleResubscribe(connection);
  }

  /** Listens again after a backoff, then re-lists: notifications may have been missed meanwhile. */
  private scheduleResubscribe(connection: ServerConnection): void {
    this.cancelResubscribe?.();
    const delay = backoffDelayMs(this.host.polling.backoff, this.resubscribeAttempts++, () =>
      this.host.clock.random(),
    );
    this.cancelResubscribe = this.host.clock.setTimer(() => {
      this.cancelResubscribe = undefined;
      if (this.closed || this.connection !== connection) return;
      void this.subscribe(connection).then(() => {
        if (this.changeSignal === 'listen') void this.refresh('resubscribed');
      });
    }, delay);
  }

  private adoptCached(connection: ServerConnection): boolean {
    if (this.config.strategy !== 'cached-with-refresh' || this.host.registry.snapshot(this.config.serverId)) {
      return false;
    }
    const cached = this.host.cache.get(this.cacheKey(connection));
    if (!cached || cached.serverId !== this.config.serverId) return false;
    this.install(cached, 'cache');
    // An expired entry is served as stale now and re-listed in the background right after.
    if (cached.isExpired(this.host.clock.now())) this.refreshSoon = true;
    return true;
  }

  private install(snapshot: CatalogSnapshot, reason: string): void {
    this.lastKnown = snapshot;
    this.failure = undefined;
    this.failedAttempts = 0;
    this.host.registry.swap(this.config.serverId, snapshot);
    this.host.audit.record(
      {
        type: 'listing',
        serverId: this.config.serverId,
        catalogHash: snapshot.catalogHash,
        toolCount: snapshot.tools.length,
        excluded: snapshot.excluded.map(({ name, reason: why }) => ({ name, reason: why })),
        pageCount: snapshot.pageCount,
        reason,
      },
      this.host.clock.now(),
    );
    this.setState('ready');
  }

  private fail(failure: DiscoveryFailure): void {
    const hasVerified = this.host.registry.snapshot(this.config.serverId) !== undefined;
    // A catalog that keeps changing is no reason to distrust the last clean listing.
    const next =
      failure.reason === 'catalog-unstable' && hasVerified
        ? 'stale'
        : stateForFailure(failure.kind, hasVerified);
    if (next !== 'stale') this.host.registry.swap(this.config.serverId, undefined);
    this.failure = failure;
    this.failedAttempts++;
    this.setState(next);
  }

  private classify(error: unknown): DiscoveryFailure {
    const failure = classifyFailure(error, this.host.clock.now());
    const violation = this.lastViolation;
    // A bounded-fetch cut often surfaces as a generic stream error or a timeout; name the real cause.
    if (violation && failure.kind !== 'limit-exceeded' && failure.reason !== 'listing-deadline') {
      this.lastViolation = undefined;
      return violation.kind === 'byte-cap'
        ? {
            kind: 'limit-exceeded',
            reason: 'byte-cap',
            message: `a response exceeded ${violation.limitBytes} bytes`,
            atMs: failure.atMs,
          }
        : {
            kind: 'timeout',
            reason: 'response-deadline',
            message: `a response took longer than ${violation.deadlineMs} ms`,
            atMs: failure.atMs,
          };
    }
    // A 401 without any credential is a sign-in the host must start, not an expiry.
    if (failure.reason === 'http-401' && this.config.bearerToken === undefined) {
      return { ...failure, reason: 'no-credentials' };
    }
    return failure;
  }

  private compile(tool: DiscoveredTool): string | undefined {
    const compiled = this.host.validators.compiled(tool.contractHash, tool.inputSchema, tool.outputSchema);
    return compiled.ok ? undefined : compiled.reason;
  }

  /** Waits `delayMs` on the host clock; `close()` ends the wait early. */
  private sleep(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.host.clock.setTimer(() => {
        this.cancelSleep = undefined;
        resolve();
      }, delayMs);
      this.cancelSleep = () => {
        cancel();
        resolve();
      };
    });
  }

  private schedulePoll(): void {
    this.cancelPoll?.();
    if (this.closed || this.state === 'incompatible' || this.state === 'unknown') return;
    const { polling } = this.host;
    let delay: number;
    if (this.failure) {
      delay = backoffDelayMs(polling.backoff, this.failedAttempts - 1, () => this.host.clock.random());
    } else {
      const base = this.changeSignal === 'polling' ? polling.intervalMs : polling.backstopMs;
      delay = Math.round(base * (1 - polling.backoff.jitter * this.host.clock.random()));
    }
    this.cancelPoll = this.host.clock.setTimer(() => {
      this.cancelPoll = undefined;
      void this.refresh('poll');
    }, delay);
  }

  /** Closes the connection (and its subscription); the next {@link ensureConnection} waits for that. */
  private dropConnection(): Promise<void> {
    const connection = this.connection;
    const subscription = this.subscription;
    this.connection = undefined;
    this.subscription = undefined;
    this.generation++;
    this.cancelResubscribe?.();
    this.setChangeSignal('none');
    const closing = (async () => {
      await subscription?.close().catch(() => {});
      await connection?.close();
    })();
    const chained: Promise<void> = Promise.all([this.closing, closing]).then(() => {
      if (this.closing === chained) this.closing = undefined;
    });
    this.closing = chained;
    return closing;
  }

  private cacheKey(connection: ServerConnection): DiscoveryCacheKey {
    return {
      connectionId: `${this.config.serverId} ${this.config.url}`,
      credentialProfileId:
        this.config.credentialProfileId ?? (this.config.bearerToken === undefined ? null : undefined),
      protocolRevision: connection.protocolRevision,
    };
  }

  private setChangeSignal(signal: ChangeSignal, note?: string): void {
    this.changeSignal = signal;
    this.changeSignalNote = note;
  }

  private setState(state: DiscoveryState): void {
    if (this.state === state) return;
    this.state = state;
    this.host.audit.record(
      {
        type: 'state',
        serverId: this.config.serverId,
        state,
        ...(this.failure ? { failure: this.failure } : {}),
      },
      this.host.clock.now(),
    );
  }
}
