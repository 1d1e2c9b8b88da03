import type { ServerConnection } from '../connection/server-connection.js';
import type { ServerEndpoint } from '../connection/server-endpoint.js';
import { DiscoveryEffects } from '../discovery-effects/discovery-effects.js';
import type { DiscoveryScope, EventBody } from '../discovery-effects/discovery-scope.js';
import { LIST_KINDS, type ListKind } from '../discovery-machine/list-kind.js';
import type { DiscoveryEvent } from '../discovery-machine/machine-event.js';
import type { MachinePolicy } from '../discovery-machine/machine-policy.js';
import {
  initialMachineState,
  type ListState,
  type MachineState,
} from '../discovery-machine/machine-state.js';
import { transition } from '../discovery-machine/transition.js';
import { settlesWithin } from '../freshness/host-clock.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { HostContext } from './host-context.js';
import type { ServerConfig } from './server-config.js';
import type { ServerState } from './server-state.js';
import { serverStatus } from './server-status.js';

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

/**
 * Discovery of one server: the interpreter of its state machine (`discovery-machine/transition.ts`).
 * It feeds every event to `transition` and hands each effect the machine asks for to its executor
 * (`discovery-effects/`: connections, subscriptions, listings, installs, timers, persistence,
 * warnings), which turn what happens into events again. It keeps nothing the machine decides on:
 * every flag of the old loop is a field of {@link MachineState}. A refresh always enumerates from page one; a change that
 * lands mid-enumeration discards it and lists again (never dropped, never a mix). Only a complete,
 * clean listing is swapped into the registry.
 * @see ../shared/spec/mcp-discovery-spec.md §4 (change notifications), §7 (freshness)
 */
export class ServerDiscovery {
  private machine: MachineState;
  private readonly policy: MachinePolicy;
  private readonly queue: DiscoveryEvent[] = [];
  private dispatching = false;
  private readonly waiters = new Set<{ until: () => boolean; resolve: () => void }>();
  private closed = false;
  /** What the effect executors share with this interpreter. */
  private readonly scope: DiscoveryScope;
  /** The executors of the machine's effects. */
  private readonly effects: DiscoveryEffects;

  constructor(
    private config: ServerConfig,
    private readonly host: HostContext,
  ) {
    this.policy = host.machine;
    this.machine = initialMachineState(this.kinds, host.clock.now(), this.policy.relistBurst);
    this.scope = {
      host,
      config: () => this.config,
      endpoint: () => this.endpoint,
      kinds: () => this.kinds,
      machine: () => this.machine,
      closed: () => this.closed,
      dispatch: (event) => this.dispatch(event),
    };
    this.effects = new DiscoveryEffects(this.scope);
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
    return serverStatus(this.scope, this.effects.connections);
  }

  /** The last snapshot that was ever verified, kept even when the server is withdrawn. */
  lastKnownSnapshot(): CatalogSnapshot | undefined {
    return this.effects.installs.lastKnownSnapshot;
  }

  /**
   * Shows the last listing persisted for this server, credential profile and protocol revision (the
   * preferred revisions of its era setting; the newest record wins) as last-known: `stale`, never
   * executable, never a shortcut past the schema gate. Remembers a persisted legacy session to
   * resume. Call before the first refresh; does nothing for a server already loaded. Never rejects.
   */
  async restore(): Promise<void> {
    const snapshot = await this.effects.persistence.restore();
    if (!snapshot) return;
    this.effects.installs.restored(snapshot);
    this.dispatch({ type: 'restored', list: 'tools' });
  }

  /** Closes like {@link close}, leaving a legacy session open when the host persists sessions. */
  shutdown(): Promise<void> {
    this.effects.connections.keepSessionsOnClose();
    return this.close();
  }

  /** The live connection, if any (for tool calls). */
  liveConnection(): ServerConnection | undefined {
    const { connection } = this.machine;
    return connection.step === 'open' ? this.effects.connections.get(connection.generation) : undefined;
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
    const generation = this.effects.connections.generationOf(lost);
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
    this.effects.connections.closeAll();
    this.notify();
    await this.effects.connections.settle(this.host.closeBudgetMs);
  }

  /** Resolves when every save issued so far has finished (for hosts that exit right after). */
  flushed(): Promise<void> {
    return this.effects.persistence.flushed();
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
        for (const effect of effects) this.effects.run(effect);
        if (event.type === 'listed') this.effects.listings.take(event.listingId);
      }
    } finally {
      this.dispatching = false;
    }
    this.notify();
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
}
