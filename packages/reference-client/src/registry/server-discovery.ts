import type { McpSubscription } from '@modelcontextprotocol/client';
import type { FetchViolation } from '../connection/bounded-fetch.js';
import { MODERN_PROTOCOL_REVISION } from '../connection/era-preference.js';
import { FramedPage } from '../connection/framed-page.js';
import { type RawListing, walkPages } from '../connection/page-walker.js';
import { ServerConnection } from '../connection/server-connection.js';
import { describeEndpoint, type ServerEndpoint } from '../connection/server-endpoint.js';
import { LIST_KINDS, LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import type { DiscoveryEffect, TimerDelay } from '../discovery-machine/machine-effect.js';
import type { DiscoveryEvent, TimerName } from '../discovery-machine/machine-event.js';
import type { MachinePolicy } from '../discovery-machine/machine-policy.js';
import {
  initialMachineState,
  type ListState,
  type MachineState,
} from '../discovery-machine/machine-state.js';
import { transition } from '../discovery-machine/transition.js';
import { ClassifiedError } from '../errors/classified-error.js';
import { classifyFailure } from '../errors/classify-failure.js';
import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import { displayText, MAX_EMBEDDED_NAME_CHARS } from '../errors/display-text.js';
import { backoffDelayMs } from '../freshness/backoff.js';
import type { DiscoveryCacheKey } from '../freshness/discovery-cache.js';
import { effectiveTtlMs } from '../freshness/freshness-policy.js';
import { settlesWithin } from '../freshness/host-clock.js';
import { buildListSnapshot } from '../lists/build-list-snapshot.js';
import type { DiscoveredEntry } from '../lists/discovered-entry.js';
import type { ListRegistry } from '../lists/list-registry.js';
import {
  assembleCatalogSnapshot,
  type PreparedEntry,
  prepareEntry,
  type SnapshotContext,
} from '../snapshot/build-catalog-snapshot.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { DiscoveredTool, Era } from '../snapshot/discovered-tool.js';
import { ListingMemo, type MemoPage } from '../snapshot/listing-memo.js';
import { restoreCatalogSnapshot, storeCatalogSnapshot } from '../snapshot/stored-catalog-snapshot.js';
import type {
  SnapshotStoreKey,
  StoredServerRecord,
  StoredSession,
} from '../snapshot-store/snapshot-store.js';
import type { HostContext } from './host-context.js';
import type { ServerConfig } from './server-config.js';
import type { ServerState } from './server-state.js';

/** Event bodies as the interpreter raises them; the host clock stamps `atMs`. */
type EventBody = DiscoveryEvent extends infer E ? (E extends unknown ? Omit<E, 'atMs'> : never) : never;

/**
 * Whether the verified snapshot reflects every change signal received so far: `current`, or not,
 * because the refresh the signal started is still running (`refresh-pending`) or failed
 * (`refresh-failed`); `detail` says why.
 */
export type ChangeStatus =
  | { current: true }
  | { current: false; reason: 'refresh-pending' | 'refresh-failed'; detail: string };

/** Change reasons: `refresh(reason)` with one of these is a change signal, not a plain request. */
const CHANGE_REASONS = new Set([
  'list-changed',
  'stream-lost',
  'stream-reopened',
  'resubscribed',
  'session-lost',
  'call-error',
]);

/** A complete enumeration waiting for the machine to install or discard it. */
type PendingListing =
  | {
      source: 'server';
      raw: RawListing;
      era: Era;
      protocolRevision: string;
      connection: ServerConnection;
      /** Tools entries already gated and hashed, page by page while the next page was in flight. */
      prepared: PreparedEntry[];
      /** Tools pages, for the next listing's unchanged-page fast path. */
      pages: MemoPage[];
    }
  | { source: 'cache'; snapshot: CatalogSnapshot };

/**
 * Discovery of one server: the interpreter of its state machine (`discovery-machine/transition.ts`).
 * It owns the I/O the machine asks for (connections, listings, change streams, timers), turns
 * what happens into events, and keeps nothing the machine decides on: every flag of the old loop
 * is a field of {@link MachineState}. A refresh always enumerates from page one; a change that
 * lands mid-enumeration discards it and lists again (never dropped, never a mix). Only a complete,
 * clean listing is swapped into the registry.
 * @see ../shared/spec/mcp-discovery-spec.md §4 (change notifications), §7 (freshness)
 */
export class ServerDiscovery {
  private machine: MachineState;
  private readonly policy: MachinePolicy;
  private readonly queue: DiscoveryEvent[] = [];
  private dispatching = false;
  private readonly connections = new Map<number, ServerConnection>();
  private readonly subscriptions = new Map<number, McpSubscription>();
  private readonly pending = new Map<number, PendingListing>();
  private readonly timers = new Map<TimerName, () => void>();
  private readonly waiters = new Set<{ until: () => boolean; resolve: () => void }>();
  /** Delays the SDK suggested for the legacy GET stream's reconnect (the server's SSE `retry`). */
  private suggestedReconnectMs = 0;
  private lastKnown: CatalogSnapshot | undefined;
  private era: Era | undefined;
  private protocolRevision: string | undefined;
  private serverInfo: { name: string; version: string } | undefined;
  /** The newest connection (for a stdio process's pid, stderr and exit after it ended). */
  private lastConnection: ServerConnection | undefined;
  /** Whether {@link lastKnown} was verified in this process (a restored one never feeds the gate's fast path). */
  private lastKnownVerified = false;
  /** A stored legacy session to resume on the next connection (used once). */
  private resumable: (StoredSession & { protocolRevision: string }) | undefined;
  /** What was last persisted (or restored): carried over when only the session changes. */
  private stored: StoredServerRecord | undefined;
  /** Saves in order, one at a time. */
  private saving: Promise<void> = Promise.resolve();
  /** On close, leave a legacy session open for the next start (the host persists sessions). */
  private keepSessionOnClose = false;
  private lastViolation: FetchViolation | undefined;
  /** The pages of the last tools listing installed from the server (the unchanged-page fast path). */
  private memo: ListingMemo | undefined;
  /** Connections still closing; a new one waits for them. */
  private closing: Promise<void> | undefined;
  private closed = false;
  /** Connections whose close is still running (see {@link close}, which abandons them at its budget). */
  private readonly closingConnections = new Set<ServerConnection>();

  constructor(
    private config: ServerConfig,
    private readonly host: HostContext,
  ) {
    this.policy = host.machine;
    this.machine = initialMachineState(this.kinds, host.clock.now(), this.policy.relistBurst);
  }

  /** Where the server is, from its config. */
  private get endpoint(): ServerEndpoint {
    const { url, stdio, transport } = this.config;
    if (stdio) return { kind: 'stdio', server: stdio };
    if (transport)
      return { kind: 'transport', connect: transport, name: this.config.transportName ?? 'transport' };
    return { kind: 'http', url: new URL(url!) };
  }

  /** The lists discovered on this server: tools, plus prompts and resources unless the config narrows them. */
  get kinds(): ListKind[] {
    const wanted = this.config.lists ?? LIST_KINDS;
    return LIST_KINDS.filter((kind) => kind === 'tools' || wanted.includes(kind));
  }

  /** The server's configuration (credentials included: do not log it). */
  get serverConfig(): Readonly<ServerConfig> {
    return this.config;
  }

  /** The state machine's current state (read-only; for inspection and tests). */
  get machineState(): MachineState {
    return this.machine;
  }

  /** The server's status now. A `ready` snapshot past its TTL reads as `stale`. */
  status(): ServerState {
    const tools = this.tools();
    const verified = this.host.registry.snapshot(this.config.serverId);
    const expired = verified?.isExpired(this.host.clock.now()) === true;
    const state = tools.phase === 'ready' && expired ? 'stale' : tools.phase;
    const connected = this.machine.connection.step !== 'none' && this.machine.connection.step !== 'opening';
    return {
      serverId: this.config.serverId,
      state,
      ...(this.era ? { era: this.era } : {}),
      ...(this.protocolRevision ? { protocolRevision: this.protocolRevision } : {}),
      ...(tools.failure ? { failure: tools.failure } : {}),
      changeSignal: connected ? tools.signal : 'none',
      ...(tools.listing ? { listing: tools.listing.step } : {}),
      ...(connected && tools.signalNote ? { changeSignalNote: tools.signalNote } : {}),
      toolCount: verified?.tools.length ?? 0,
      excludedCount: verified?.excluded.length ?? 0,
      ...(verified
        ? {
            catalogHash: verified.catalogHash,
            verifiedAtMs: verified.freshness.fetchedAtMs,
            expiresAtMs: verified.freshness.expiresAtMs,
          }
        : {}),
      endpoint: describeEndpoint(this.endpoint),
      ...(this.kinds.length > 1 ? { lists: this.listStatuses() } : {}),
      ...(this.lastConnection?.process ? { process: this.lastConnection.process } : {}),
      ...(this.lastConnection?.negotiationFallback
        ? { negotiationFallback: this.lastConnection.negotiationFallback }
        : {}),
    };
  }

  /** The state of the prompts and resources lists this server discovers. */
  private listStatuses(): ServerState['lists'] {
    const statuses: NonNullable<ServerState['lists']> = {};
    const connected = this.machine.connection.step !== 'none' && this.machine.connection.step !== 'opening';
    for (const list of this.kinds) {
      if (list === 'tools') continue;
      const state = this.machine.lists[list]!;
      const verified = this.entryRegistry(list).snapshot(this.config.serverId);
      const expired = verified?.isExpired(this.host.clock.now()) === true;
      statuses[list] = {
        state: state.phase === 'ready' && expired ? 'stale' : state.phase,
        ...(state.failure ? { failure: state.failure } : {}),
        changeSignal: connected ? state.signal : 'none',
        count: verified?.entries.length ?? 0,
        excludedCount: verified?.excluded.length ?? 0,
        ...(verified
          ? {
              listHash: verified.listHash,
              verifiedAtMs: verified.freshness.fetchedAtMs,
              expiresAtMs: verified.freshness.expiresAtMs,
            }
          : {}),
      };
    }
    return statuses;
  }

  /** The last snapshot that was ever verified, kept even when the server is withdrawn. */
  lastKnownSnapshot(): CatalogSnapshot | undefined {
    return this.lastKnown;
  }

  /**
   * Shows the last listing persisted for this server, credential profile and protocol revision (the
   * preferred revisions of its era setting; the newest record wins) as last-known: `stale`, never
   * executable, never a shortcut past the schema gate. Remembers a persisted legacy session to
   * resume. Call before the first refresh; does nothing for a server already loaded. Never rejects.
   */
  async restore(): Promise<void> {
    const profile = this.profile();
    if (profile === undefined || this.tools().phase !== 'unknown') return;
    const era = this.config.era ?? 'auto';
    const revisions =
      era === 'legacy'
        ? ['2025-11-25']
        : era === 'modern'
          ? [MODERN_PROTOCOL_REVISION]
          : [MODERN_PROTOCOL_REVISION, '2025-11-25'];
    let record: StoredServerRecord | undefined;
    for (const protocolRevision of revisions) {
      const found = await this.host.store
        .load(this.storeKey(protocolRevision, profile))
        .catch(() => undefined);
      if (found && (!record || found.savedAtMs > record.savedAtMs)) record = found;
    }
    if (!record || this.closed || this.tools().phase !== 'unknown') return;
    this.stored = record;
    if (
      record.session &&
      this.host.persistSessions &&
      this.endpoint.kind === 'http' &&
      record.era === 'legacy'
    ) {
      this.resumable = { ...record.session, protocolRevision: record.protocolRevision };
    }
    if (record.tools === undefined) return;
    const restored = restoreCatalogSnapshot(record.tools, this.config.serverId);
    if (!restored.ok) {
      this.warnStore(`the stored listing could not be restored: ${restored.problem}`);
      return;
    }
    this.lastKnown = restored.snapshot;
    this.lastKnownVerified = false;
    this.dispatch({ type: 'restored', list: 'tools' });
  }

  /** Closes like {@link close}, leaving a legacy session open when the host persists sessions. */
  shutdown(): Promise<void> {
    this.keepSessionOnClose = this.host.persistSessions;
    return this.close();
  }

  /** The live connection, if any (for tool calls). */
  liveConnection(): ServerConnection | undefined {
    const { connection } = this.machine;
    return connection.step === 'open' ? this.connections.get(connection.generation) : undefined;
  }

  /**
   * Lists the server again from page one and swaps the registry when done. Joins a refresh in
   * flight (queueing one more listing after the current enumeration, which is then discarded).
   * A change reason (`list-changed`, `call-error`, …) counts as a change signal. Never rejects:
   * failures are classified into the state.
   */
  refresh(reason: string): Promise<ServerState> {
    if (this.closed) return Promise.resolve(this.status());
    if (CHANGE_REASONS.has(reason)) this.dispatch({ type: 'signal', lists: ['tools'], reason });
    else this.dispatch({ type: 'refresh', list: 'tools', reason });
    return this.idle('tools').then(() => this.status());
  }

  /**
   * Lists every list of the server again from page one (tools, prompts, resources); resolves when
   * all are idle. Never rejects.
   */
  async refreshAll(reason: string): Promise<ServerState> {
    if (this.closed) return this.status();
    for (const list of this.kinds) this.dispatch({ type: 'refresh', list, reason });
    await Promise.all(this.kinds.map((list) => this.idle(list)));
    return this.status();
  }

  /**
   * Waits, at most `waitMs` (host clock), until the verified snapshot reflects every change signal
   * received so far, i.e. until the refresh a signal started has swapped in a listing that began
   * after it. Resolves at once when there is no such signal. Never rejects.
   * @see ../shared/cases/discovery-cases.md LC-06, RM-01 (refresh before the next model request)
   */
  async awaitChanges(waitMs: number): Promise<ChangeStatus> {
    const current = () => this.closed || this.tools().appliedChangeSeq >= this.tools().changeSeq;
    if (current()) return { current: true };
    await settlesWithin(
      this.host.clock,
      this.until(() => current() || this.tools().listing === undefined),
      waitMs,
    );
    if (current()) return { current: true };
    const tools = this.tools();
    if (tools.listing !== undefined) {
      return {
        current: false,
        reason: 'refresh-pending',
        detail: `the re-list after ${tools.queued?.reason ?? tools.listing.reason} did not finish within ${waitMs} ms`,
      };
    }
    return {
      current: false,
      reason: 'refresh-failed',
      detail: tools.failure
        ? `the re-list after a change signal failed (${tools.failure.kind}, ${tools.failure.reason}): ${tools.failure.message}`
        : `the re-list after a change signal did not complete (server is ${tools.phase})`,
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
    const generation = [...this.connections].find(([, connection]) => connection === lost)?.[0];
    if (generation !== undefined) this.dispatch({ type: 'session-lost', generation });
    return this.idle('tools').then(() => this.status());
  }

  /**
   * Loads a server that has never been loaded (lazy strategy) or waits for its first load; a server
   * with a snapshot is returned as it is (a refresh in flight is not awaited).
   */
  async ensureLoaded(): Promise<ServerState> {
    if (this.neverLoaded()) return this.refreshAll('first-use');
    if (this.firstListingRunning()) await this.idle('tools');
    return this.status();
  }

  /**
   * Like {@link ensureLoaded}, but waits at most `waitMs` (host clock) for a first listing, and not
   * at all for a server whose last attempt failed (a backstop retry must not stall every model
   * request); never rejects. `pending`: the first listing was waited for and is still running.
   */
  async awaitLoaded(waitMs: number): Promise<{ pending: boolean }> {
    if (this.neverLoaded()) void this.refreshAll('first-use');
    if (!this.firstListingRunning() || this.tools().failedAttempts > 0) return { pending: false };
    await settlesWithin(this.host.clock, this.idle('tools'), waitMs);
    return { pending: this.firstListingRunning() };
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
    this.dispatch({ type: 'credentials' });
    await this.idle('tools');
    return this.status();
  }

  /**
   * The user completed an OAuth authorization: the connection is rebuilt and every list discovered
   * again (the tools a server offers may depend on the grant). Resolves when all are idle.
   */
  async reauthorized(): Promise<ServerState> {
    this.dispatch({ type: 'credentials' });
    await Promise.all(this.kinds.map((list) => this.idle(list)));
    return this.status();
  }

  /**
   * Stops polling and change streams and closes the connection, failing whatever is in flight,
   * in one order: each connection's change stream (its `notifications/cancelled` delivered), then
   * its in-flight requests (their cancellations delivered), then a legacy session's DELETE, then
   * the transport. Resolves when that is done, or after `host.closeBudgetMs` (wall time) whatever
   * the server does: then whatever is left is abandoned (aborted), so nothing of this server
   * reaches the wire after `close()` resolved.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.dispatch({ type: 'close' });
    // Connections the machine no longer tracks (opening ones among them) close too.
    for (const generation of [...this.connections.keys()]) this.closeConnection(generation);
    this.notify();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      (this.closing ?? Promise.resolve()).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.host.closeBudgetMs);
        timer.unref?.();
      }),
    ]);
    clearTimeout(timer);
    if (!finished) for (const connection of [...this.closingConnections]) connection.abandon();
  }

  private tools(): ListState {
    return this.machine.lists.tools!;
  }

  /** Never listed in this process: `unknown`, or only restored from the store (lazy, or not yet refreshed). */
  private neverLoaded(): boolean {
    const tools = this.tools();
    return (
      tools.phase === 'unknown' ||
      (tools.restored && !tools.verified && tools.listing === undefined && tools.failedAttempts === 0)
    );
  }

  /** No verified snapshot yet, and a listing is running for one. */
  private firstListingRunning(): boolean {
    const tools = this.tools();
    return !tools.verified && tools.listing !== undefined && !this.closed;
  }

  // --- the machine ---------------------------------------------------------------------------

  private dispatch(body: EventBody): void {
    if (this.closed && body.type !== 'close') return;
    this.queue.push({ ...body, atMs: this.host.clock.now() } as DiscoveryEvent);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let event = this.queue.shift(); event; event = this.queue.shift()) {
        const { state, effects } = transition(this.machine, event, this.policy);
        this.machine = state;
        for (const effect of effects) this.run(effect);
        if (event.type === 'listed') this.pending.delete(event.listingId);
      }
    } finally {
      this.dispatching = false;
    }
    this.notify();
  }

  private run(effect: DiscoveryEffect): void {
    switch (effect.type) {
      case 'open':
        void this.open(effect.generation);
        return;
      case 'close-connection':
        this.closeConnection(effect.generation);
        return;
      case 'subscribe':
        void this.subscribe(effect.generation, effect.lists);
        return;
      case 'unsubscribe': {
        const subscription = this.subscriptions.get(effect.generation);
        this.subscriptions.delete(effect.generation);
        void subscription?.close().catch(() => {});
        return;
      }
      case 'reopen-stream':
        this.connections.get(effect.generation)?.reopenStream();
        return;
      case 'list':
        void this.list(effect.list, effect.listingId, effect.generation);
        return;
      case 'install':
        this.install(effect.list, effect.listingId, effect.reason);
        return;
      case 'withdraw':
        if (effect.list === 'tools') this.host.registry.swap(this.config.serverId, undefined);
        else this.entryRegistry(effect.list).swap(this.config.serverId, undefined);
        return;
      case 'set-timer':
        this.setTimer(effect.timer, effect.delay);
        return;
      case 'cancel-timer':
        this.timers.get(effect.timer)?.();
        this.timers.delete(effect.timer);
        return;
      case 'warn':
        this.host.warn({
          serverId: this.config.serverId,
          endpoint: describeEndpoint(this.endpoint),
          ...(this.kinds.length > 1 ? { lists: this.listStatuses() } : {}),
          ...(this.serverInfo ? { serverInfo: this.serverInfo } : {}),
          kind: effect.warning,
          ...(effect.list ? { list: effect.list } : {}),
          message: effect.detail,
        });
        return;
      case 'phase':
        if (effect.list === 'tools') {
          this.host.audit.record(
            {
              type: 'state',
              serverId: this.config.serverId,
              state: effect.phase,
              ...(effect.failure ? { failure: effect.failure } : {}),
            },
            this.host.clock.now(),
          );
        }
        return;
    }
  }

  /** Resolves when `until()` holds (checked after every event) or the discovery closes. */
  private until(until: () => boolean): Promise<void> {
    if (until()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ until, resolve }));
  }

  /** Resolves when nothing is listing `list` (or the discovery closed). */
  private idle(list: ListKind): Promise<void> {
    return this.until(() => this.closed || this.machine.lists[list]?.listing === undefined);
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) {
      if (this.closed || waiter.until()) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private setTimer(timer: TimerName, delay: TimerDelay): void {
    this.timers.get(timer)?.();
    const { backoff } = this.host.polling;
    const random = () => this.host.clock.random();
    let delayMs =
      delay.kind === 'backoff'
        ? backoffDelayMs(backoff, delay.attempt, random)
        : delay.kind === 'interval'
          ? Math.round(delay.ms * (1 - backoff.jitter * random()))
          : delay.ms;
    // The legacy GET stream never reconnects sooner than the server's SSE `retry` asks.
    if (timer === 'resubscribe' && this.machine.stream.kind === 'legacy-get') {
      delayMs = Math.max(delayMs, this.suggestedReconnectMs);
    }
    const cancel = this.host.clock.setTimer(() => {
      if (this.timers.get(timer) !== cancel) return;
      this.timers.delete(timer);
      this.dispatch({ type: 'timer', timer });
    }, delayMs);
    this.timers.set(timer, cancel);
  }

  // --- effects ---------------------------------------------------------------------------------

  private async open(generation: number): Promise<void> {
    // A new session never starts before the old one's streams are closed: the server would
    // otherwise still see traffic under a session id the client has given up.
    while (this.closing) await this.closing;
    if (this.closed) return;
    const connection = new ServerConnection({
      endpoint: this.endpoint,
      clock: this.host.clock,
      era: this.config.era ?? 'auto',
      probeTimeoutMs: this.host.probeTimeoutMs,
      stdio: this.host.stdio,
      clientInfo: this.host.clientInfo,
      ...(this.config.bearerToken !== undefined ? { bearerToken: this.config.bearerToken } : {}),
      ...(this.config.authProvider ? { authProvider: this.config.authProvider } : {}),
      requestTimeoutMs: this.host.requestTimeoutMs,
      bounds: this.host.fetchBounds,
      lists: this.kinds,
      onListChanged: (list) => this.dispatch({ type: 'signal', lists: [list], reason: 'list-changed' }),
      onViolation: (violation) => {
        this.lastViolation = violation;
      },
      isKnownPage: (digest) => this.memo?.has(digest) === true,
      onStreamEnded: (cause, suggestedDelayMs) => {
        this.suggestedReconnectMs = suggestedDelayMs;
        this.dispatch({ type: 'stream-ended', generation, cause, stream: 'legacy-get' });
      },
      onStreamLost: () => this.dispatch({ type: 'signal', lists: this.kinds, reason: 'stream-lost' }),
      onStreamReopened: () => this.dispatch({ type: 'stream-reopened', generation }),
      onSessionLost: () => this.dispatch({ type: 'session-lost', generation }),
      onClosed: (detail) => this.dispatch({ type: 'connection-lost', generation, detail }),
      ...(this.resumable
        ? {
            resume: {
              sessionId: this.resumable.sessionId,
              protocolRevision: this.resumable.protocolRevision,
              capabilities: this.resumable.capabilities as Record<string, unknown>,
              ...(this.resumable.serverInfo ? { serverInfo: this.resumable.serverInfo } : {}),
            },
          }
        : {}),
    });
    // A stored session is tried once: a rejected one is replaced, never offered again.
    this.resumable = undefined;
    this.connections.set(generation, connection);
    this.lastConnection = connection;
    try {
      await connection.connect();
    } catch (error) {
      this.connections.delete(generation);
      if (!this.closed) this.dispatch({ type: 'open-failed', generation, failure: this.classify(error) });
      return;
    }
    if (this.closed) return;
    this.era = connection.era;
    this.protocolRevision = connection.protocolRevision;
    const info = connection.serverInfo;
    this.serverInfo = info ? { name: info.name, version: info.version } : undefined;
    if (connection.sessionId !== undefined && this.host.persistSessions) this.persist(connection);
    this.dispatch({
      type: 'opened',
      generation,
      era: connection.era,
      protocolRevision: connection.protocolRevision,
      capabilities: connection.capabilities,
    });
  }

  /** Closes a connection and its change stream; the next {@link open} waits for that. */
  private closeConnection(generation: number): void {
    const connection = this.connections.get(generation);
    const subscription = this.subscriptions.get(generation);
    this.connections.delete(generation);
    this.subscriptions.delete(generation);
    if (!connection && !subscription) return;
    const keepSession = this.closed && this.keepSessionOnClose;
    if (connection) this.closingConnections.add(connection);
    const closing = (async () => {
      await subscription?.close().catch(() => {});
      await connection?.close(1_000, keepSession);
    })().finally(() => {
      if (connection) this.closingConnections.delete(connection);
    });
    const chained: Promise<void> = Promise.all([this.closing, closing]).then(() => {
      if (this.closing === chained) this.closing = undefined;
    });
    this.closing = chained;
  }

  /** Modern: `subscriptions/listen` with the change notifications of `lists`, ack verified. */
  private async subscribe(generation: number, lists: readonly ListKind[]): Promise<void> {
    const connection = this.connections.get(generation);
    if (!connection) return;
    let subscription: McpSubscription;
    try {
      subscription = await connection.listen(lists);
    } catch (error) {
      if (!this.closed)
        this.dispatch({ type: 'subscribe-failed', generation, failure: this.classify(error) });
      return;
    }
    if (this.closed || this.connections.get(generation) !== connection) {
      await subscription.close().catch(() => {});
      return;
    }
    this.subscriptions
      .get(generation)
      ?.close()
      .catch(() => {});
    this.subscriptions.set(generation, subscription);
    const honored: Partial<Record<ListKind, boolean>> = {};
    for (const list of lists)
      honored[list] = subscription.honoredFilter[LIST_PROTOCOL[list].listenKey] === true;
    this.dispatch({ type: 'subscribed', generation, honored });
    void subscription.closed.then((cause) => {
      if (cause === 'local' || this.subscriptions.get(generation) !== subscription) return;
      this.subscriptions.delete(generation);
      this.dispatch({
        type: 'stream-ended',
        generation,
        cause: connection.takeStreamEndCause(),
        stream: 'listen',
      });
    });
  }

  /** Enumerates `list` from page one (or adopts a cached snapshot) and reports it to the machine. */
  private async list(list: ListKind, listingId: number, generation: number): Promise<void> {
    const connection = this.connections.get(generation);
    try {
      if (!connection)
        throw new ClassifiedError({
          kind: 'network-unreachable',
          reason: 'connection-closed',
          message: 'the connection closed',
        });
      const cached = list === 'tools' ? this.cached(connection) : undefined;
      if (cached) {
        this.pending.set(listingId, { source: 'cache', snapshot: cached });
        const expired = cached.isExpired(this.host.clock.now());
        this.dispatch({ type: 'listed', list, listingId, source: 'cache', expired, warnings: [] });
        return;
      }
      const prepared: PreparedEntry[] = [];
      const pages: MemoPage[] = [];
      const raw = await this.enumerate(connection, list, list === 'tools' ? { prepared, pages } : undefined);
      if (this.closed) return;
      this.pending.set(listingId, {
        source: 'server',
        raw,
        era: connection.era,
        protocolRevision: connection.protocolRevision,
        connection,
        prepared,
        pages,
      });
      this.dispatch({
        type: 'listed',
        list,
        listingId,
        source: 'server',
        expired: false,
        warnings: raw.warnings,
      });
    } catch (error) {
      if (!this.closed)
        this.dispatch({ type: 'list-failed', list, listingId, failure: this.classify(error) });
    }
  }

  /**
   * Walks every page of `list`. With `tools`, each tools page is gated and hashed while the next one
   * is in flight (the listing may still be discarded; the work is then only lost), and a page whose
   * result bytes are those of the same page of the last installed listing reuses its entries
   * undecoded (see {@link ListingMemo}).
   */
  private async enumerate(
    connection: ServerConnection,
    list: ListKind,
    tools?: { prepared: PreparedEntry[]; pages: MemoPage[] },
  ): Promise<RawListing> {
    const context = tools ? this.snapshotContext(connection.era, connection.protocolRevision, 0) : undefined;
    const memo = tools ? this.memo : undefined;
    const digests: Array<string | undefined> = [];
    const deadline = AbortSignal.timeout(this.host.listingDeadlineMs);
    const { method } = LIST_PROTOCOL[list];
    this.lastViolation = undefined;
    return walkPages(
      async (cursor, at) => {
        try {
          const fetched = await connection.listPage(list, cursor, deadline);
          if (!(fetched instanceof FramedPage)) return fetched;
          digests[at.page] = fetched.digest;
          return memo?.reuse(at, fetched.digest, connection.era, context?.previous) ?? fetched.result();
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
              message: `${method} did not complete within ${this.host.listingDeadlineMs} ms`,
            });
          }
          throw error;
        }
      },
      connection.era,
      this.host.listing,
      () => connection.meter.bytesRead,
      list,
      tools && context
        ? (page) => {
            const { firstIndex } = page;
            tools.pages.push({
              page: page.page,
              firstIndex,
              summary: page.summary,
              digest: digests[page.page],
            });
            const entries = page.known
              ? (page.known.payload as readonly PreparedEntry[])
              : page.entries!.map((entry, offset) => prepareEntry(entry, firstIndex + offset, context));
            for (let offset = 0; offset < entries.length; offset++)
              tools.prepared[firstIndex + offset] = entries[offset]!;
          }
        : undefined,
    );
  }

  /** What gating and hashing a tools listing needs (the previous verified snapshot feeds the reuse path). */
  private snapshotContext(era: Era, protocolRevision: string, ttlMs: number): SnapshotContext {
    const previous =
      this.host.registry.snapshot(this.config.serverId) ??
      (this.lastKnownVerified ? this.lastKnown : undefined);
    return {
      serverId: this.config.serverId,
      era,
      protocolRevision,
      gate: this.host.gate,
      nowMs: this.host.clock.now(),
      ttlMs,
      ...(previous ? { previous } : {}),
      ...(this.host.compileValidators === 'eager'
        ? { compile: (tool: DiscoveredTool) => this.compile(tool) }
        : {}),
    };
  }

  /** The cached snapshot a `cached-with-refresh` server may start from (none once it has a verified one). */
  private cached(connection: ServerConnection): CatalogSnapshot | undefined {
    if (this.config.strategy !== 'cached-with-refresh' || this.host.registry.snapshot(this.config.serverId)) {
      return undefined;
    }
    const cached = this.host.cache.get(this.cacheKey(connection.protocolRevision));
    return cached?.serverId === this.config.serverId ? cached : undefined;
  }

  /** Swaps in the listing the machine accepted, audits it and caches it. */
  private install(list: ListKind, listingId: number, reason: string): void {
    const pending = this.pending.get(listingId);
    this.pending.delete(listingId);
    if (!pending) return;
    if (list !== 'tools') {
      if (pending.source === 'server') this.installEntries(list, pending);
      return;
    }
    let snapshot: CatalogSnapshot;
    if (pending.source === 'cache') snapshot = pending.snapshot;
    else {
      snapshot = assembleCatalogSnapshot(
        pending.prepared,
        pending.raw,
        this.snapshotContext(
          pending.era,
          pending.protocolRevision,
          effectiveTtlMs(this.host.freshness, pending.era, pending.raw.ttlMs),
        ),
      );
      this.memo = new ListingMemo(pending.era, pending.pages, pending.prepared);
    }
    const before = this.lastKnownVerified ? this.lastKnown : undefined;
    this.lastKnown = snapshot;
    this.lastKnownVerified = true;
    this.host.registry.swap(this.config.serverId, snapshot);
    this.warnAboutContents(snapshot, before);
    if (pending.source === 'server') this.persist(pending.connection, snapshot);
    this.host.audit.record(
      {
        type: 'listing',
        serverId: this.config.serverId,
        catalogHash: snapshot.catalogHash,
        toolCount: snapshot.tools.length,
        excluded: snapshot.excluded.map(({ name, reason: why }) => ({ name, reason: why })),
        pageCount: snapshot.pageCount,
        reason: pending.source === 'cache' ? 'cache' : reason,
      },
      this.host.clock.now(),
    );
    if (pending.source === 'server') this.host.cache.set(this.cacheKey(pending.protocolRevision), snapshot);
  }

  /** Swaps in a verified prompts or resources listing. */
  private installEntries(
    list: Exclude<ListKind, 'tools'>,
    pending: Extract<PendingListing, { source: 'server' }>,
  ): void {
    const registry = this.entryRegistry(list);
    const previous = registry.snapshot(this.config.serverId);
    const snapshot = buildListSnapshot(list, pending.raw, {
      serverId: this.config.serverId,
      era: pending.era,
      protocolRevision: pending.protocolRevision,
      nowMs: this.host.clock.now(),
      ttlMs: effectiveTtlMs(this.host.freshness, pending.era, pending.raw.ttlMs),
      limits: this.host.gate.limits,
      ...(previous ? { previous } : {}),
    });
    registry.swap(this.config.serverId, snapshot as never);
  }

  private entryRegistry(list: Exclude<ListKind, 'tools'>): ListRegistry<DiscoveredEntry> {
    return (list === 'prompts' ? this.host.prompts : this.host.resources) as ListRegistry<DiscoveredEntry>;
  }

  /**
   * Persists the verified listing (`snapshot`, else the one stored before) and, when the host
   * persists sessions, the legacy session of `connection`, under this server, credential profile
   * and protocol revision. Saves run one at a time, in order; a failed save is only a warning.
   */
  private persist(connection: ServerConnection, snapshot?: CatalogSnapshot): void {
    const profile = this.profile();
    if (profile === undefined) return;
    const protocolRevision = connection.protocolRevision;
    const previous = this.stored?.protocolRevision === protocolRevision ? this.stored : undefined;
    const sessionId = this.host.persistSessions ? connection.sessionId : undefined;
    const record: StoredServerRecord = {
      savedAtMs: this.host.clock.now(),
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
      this.host.store.save(key, record).catch((error: unknown) => {
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
    return this.config.credentialProfileId ?? (this.config.bearerToken === undefined ? null : undefined);
  }

  private storeKey(protocolRevision: string, credentialProfileId: string | null): SnapshotStoreKey {
    return {
      server: `${this.config.serverId} ${describeEndpoint(this.endpoint)}`,
      credentialProfileId,
      protocolRevision,
    };
  }

  private warnStore(message: string): void {
    this.host.warn({
      serverId: this.config.serverId,
      endpoint: describeEndpoint(this.endpoint),
      ...(this.kinds.length > 1 ? { lists: this.listStatuses() } : {}),
      kind: 'store-failed',
      list: 'tools',
      message,
    });
  }

  /** One warning per tool newly normalized or newly excluded (not again on every refresh). */
  private warnAboutContents(snapshot: CatalogSnapshot, before: CatalogSnapshot | undefined): void {
    const warn = (kind: 'schema-normalized' | 'tool-excluded', toolName: string, message: string) =>
      this.host.warn({
        serverId: this.config.serverId,
        endpoint: describeEndpoint(this.endpoint),
        ...(this.kinds.length > 1 ? { lists: this.listStatuses() } : {}),
        ...(this.serverInfo ? { serverInfo: this.serverInfo } : {}),
        kind,
        list: 'tools',
        toolName,
        message,
      });
    for (const tool of snapshot.tools) {
      if (!tool.normalizations || before?.tool(tool.name) === tool) continue;
      const changes = tool.normalizations.map(({ pointer, change }) => `${change} at ${pointer}`).join('; ');
      warn(
        'schema-normalized',
        tool.name,
        `tool ${displayText(tool.name, MAX_EMBEDDED_NAME_CHARS)}: its input schema was completed to an object schema (${changes})`,
      );
    }
    for (const excluded of snapshot.excluded) {
      const known = before?.excluded.some(
        (old) => old.name === excluded.name && old.reason === excluded.reason,
      );
      if (known) continue;
      warn(
        'tool-excluded',
        excluded.name,
        `tool ${displayText(excluded.name, MAX_EMBEDDED_NAME_CHARS)} excluded: ${excluded.reason} at ${displayText(excluded.pointer || '/', MAX_EMBEDDED_NAME_CHARS)}: ${excluded.detail}`,
      );
    }
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
    // With OAuth, a 401 the SDK could not answer by refreshing started an authorization the user
    // must complete; without any credential, it is a sign-in the host must start; not an expiry.
    if (failure.kind === 'auth-expired' && this.config.authProvider) {
      return { ...failure, reason: 'authorization-required' };
    }
    if (failure.reason === 'http-401' && this.config.bearerToken === undefined) {
      return { ...failure, reason: 'no-credentials' };
    }
    return failure;
  }

  private compile(tool: DiscoveredTool): string | undefined {
    const compiled = this.host.validators.compiled(tool.contractHash, tool.inputSchema, tool.outputSchema);
    return compiled.ok ? undefined : compiled.reason;
  }

  private cacheKey(protocolRevision: string): DiscoveryCacheKey {
    return {
      connectionId: `${this.config.serverId} ${describeEndpoint(this.endpoint)}`,
      credentialProfileId:
        this.config.credentialProfileId ?? (this.config.bearerToken === undefined ? null : undefined),
      protocolRevision,
    };
  }
}
