import { ServerConnection } from '../connection/server-connection.js';
import type { Era } from '../snapshot/discovered-tool.js';
import type { DiscoveryScope } from './discovery-scope.js';
import type { FailureClassifier } from './failure-classifier.js';
import type { PersistenceEffects } from './persistence-effects.js';
import type { SubscriptionEffects } from './subscription-effects.js';
import type { TimerEffects } from './timer-effects.js';

/**
 * The machine's `open`, `close-connection` and `reopen-stream` effects: one {@link ServerConnection}
 * per connection generation, what happens on it turned into events (opened, open-failed, change
 * signals, stream ends, a lost session, a closed transport). A new connection never starts before
 * the old ones' streams are closed: the server would otherwise still see traffic under a session
 * id the client has given up.
 */
export class ConnectionEffects {
  private readonly connections = new Map<number, ServerConnection>();
  /** Connections still closing; a new one waits for them. */
  private closing: Promise<void> | undefined;
  /** Connections whose close is still running (see {@link settle}, which abandons them at its budget). */
  private readonly closingConnections = new Set<ServerConnection>();
  /** On close, leave a legacy session open for the next start (the host persists sessions). */
  private keepSessionOnClose = false;
  private lastConnection: ServerConnection | undefined;
  private negotiated: { era: Era; protocolRevision: string } | undefined;
  private info: { name: string; version: string } | undefined;

  /** @param isKnownPage see `ConnectionOptions.isKnownPage` (the listing's unchanged pages). */
  constructor(
    private readonly scope: DiscoveryScope,
    private readonly failures: FailureClassifier,
    private readonly subscriptions: SubscriptionEffects,
    private readonly timers: TimerEffects,
    private readonly persistence: PersistenceEffects,
    private readonly isKnownPage: (digest: string) => boolean,
  ) {}

  /** The connection of `generation`, while it is open or opening. */
  get(generation: number): ServerConnection | undefined {
    return this.connections.get(generation);
  }

  /** The generation of `connection`, if it is still one of this server's. */
  generationOf(connection: ServerConnection): number | undefined {
    return [...this.connections].find(([, held]) => held === connection)?.[0];
  }

  /** The newest connection (for a stdio process's pid, stderr and exit after it ended). */
  get newest(): ServerConnection | undefined {
    return this.lastConnection;
  }

  /** The era and protocol revision the last successful connection negotiated. */
  get negotiatedRevision(): { era: Era; protocolRevision: string } | undefined {
    return this.negotiated;
  }

  /** The server's self-reported name and version, from the last successful connection (display only). */
  get serverInfo(): { name: string; version: string } | undefined {
    return this.info;
  }

  /** On close, leave a legacy session open for the next start. */
  keepSessionsOnClose(): void {
    this.keepSessionOnClose = this.scope.host.persistSessions;
  }

  async open(generation: number): Promise<void> {
    const { scope } = this;
    while (this.closing) await this.closing;
    if (scope.closed()) return;
    const config = scope.config();
    // A stored session is tried once: a rejected one is replaced, never offered again.
    const resumable = this.persistence.takeResumable();
    const connection = new ServerConnection({
      endpoint: scope.endpoint(),
      clock: scope.host.clock,
      era: config.era ?? 'auto',
      probeTimeoutMs: scope.host.probeTimeoutMs,
      stdio: scope.host.stdio,
      clientInfo: scope.host.clientInfo,
      ...(config.bearerToken !== undefined ? { bearerToken: config.bearerToken } : {}),
      ...(config.authProvider ? { authProvider: config.authProvider } : {}),
      requestTimeoutMs: scope.host.requestTimeoutMs,
      bounds: scope.host.fetchBounds,
      lists: scope.kinds(),
      onListChanged: (list) => scope.dispatch({ type: 'signal', lists: [list], reason: 'list-changed' }),
      onViolation: (violation) => this.failures.noteViolation(violation),
      isKnownPage: this.isKnownPage,
      onStreamEnded: (cause, suggestedDelayMs) => {
        this.timers.suggestReconnect(suggestedDelayMs);
        scope.dispatch({ type: 'stream-ended', generation, cause, stream: 'legacy-get' });
      },
      onStreamLost: () => scope.dispatch({ type: 'signal', lists: scope.kinds(), reason: 'stream-lost' }),
      onStreamReopened: () => scope.dispatch({ type: 'stream-reopened', generation }),
      onSessionLost: () => scope.dispatch({ type: 'session-lost', generation }),
      onClosed: (detail) => scope.dispatch({ type: 'connection-lost', generation, detail }),
      ...(resumable
        ? {
            resume: {
              sessionId: resumable.sessionId,
              protocolRevision: resumable.protocolRevision,
              capabilities: resumable.capabilities as Record<string, unknown>,
              ...(resumable.serverInfo ? { serverInfo: resumable.serverInfo } : {}),
            },
          }
        : {}),
    });
    this.connections.set(generation, connection);
    this.lastConnection = connection;
    try {
      await connection.connect();
    } catch (error) {
      this.connections.delete(generation);
      if (!scope.closed())
        scope.dispatch({ type: 'open-failed', generation, failure: this.failures.classify(error) });
      return;
    }
    if (scope.closed()) return;
    this.negotiated = { era: connection.era, protocolRevision: connection.protocolRevision };
    const info = connection.serverInfo;
    this.info = info ? { name: info.name, version: info.version } : undefined;
    if (connection.sessionId !== undefined && scope.host.persistSessions)
      this.persistence.persist(connection);
    scope.dispatch({
      type: 'opened',
      generation,
      era: connection.era,
      protocolRevision: connection.protocolRevision,
      capabilities: connection.capabilities,
    });
  }

  /** Closes a connection and its change stream; the next {@link open} waits for that. */
  close(generation: number): void {
    const connection = this.connections.get(generation);
    const subscription = this.subscriptions.take(generation);
    this.connections.delete(generation);
    if (!connection && !subscription) return;
    const keepSession = this.scope.closed() && this.keepSessionOnClose;
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

  /** Lets the legacy GET stream of `generation` reconnect now. */
  reopenStream(generation: number): void {
    this.connections.get(generation)?.reopenStream();
  }

  /** Closes every connection, those the machine no longer tracks (opening ones among them) too. */
  closeAll(): void {
    for (const generation of [...this.connections.keys()]) this.close(generation);
  }

  /**
   * Resolves when every close has finished, or after `budgetMs` (wall time): then whatever is
   * left is abandoned (aborted), so nothing of this server reaches the wire afterwards.
   */
  async settle(budgetMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      (this.closing ?? Promise.resolve()).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), budgetMs);
        timer.unref?.();
      }),
    ]);
    clearTimeout(timer);
    if (!finished) for (const connection of [...this.closingConnections]) connection.abandon();
  }
}
