import { auth, type CallToolResult, type Implementation } from '@modelcontextprotocol/client';
import type { AuditTrail } from './audit/audit-trail.js';
import { DisabledAuditTrail, InMemoryAuditTrail } from './audit/audit-trail.js';
import type { FetchBounds } from './connection/bounded-fetch.js';
import { DEFAULT_LISTING_LIMITS, type ListingLimits } from './connection/page-walker.js';
import { DEFAULT_STDIO_BOUNDS, type StdioBounds } from './connection/stdio-process-transport.js';
import { DEFAULT_MACHINE_POLICY } from './discovery-machine/machine-policy.js';
import { classifyFailure } from './errors/classify-failure.js';
import { displayText } from './errors/display-text.js';
import { ToolshiftError } from './errors/toolshift-error.js';
import { ToolExecutor } from './execution/tool-executor.js';
import type { ToolProposal } from './execution/tool-proposal.js';
import type { BackoffPolicy } from './freshness/backoff.js';
import { DiscoveryCache } from './freshness/discovery-cache.js';
import { DEFAULT_FRESHNESS_POLICY, type FreshnessPolicy } from './freshness/freshness-policy.js';
import { type HostClock, systemClock } from './freshness/host-clock.js';
import type { DiscoveredPrompt, DiscoveredResource } from './lists/discovered-entry.js';
import { type ListListener, ListRegistry } from './lists/list-registry.js';
import type { Approver } from './permissions/approver.js';
import { PermissionPolicy, type PermissionPolicyOptions } from './permissions/permission-policy.js';
import { AdaptationCache } from './providers/adaptation-cache.js';
import { buildExposure, type ExposeOptions } from './providers/build-exposure.js';
import { BUILT_IN_PROVIDERS } from './providers/index.js';
import type { ProviderAdapter } from './providers/provider-adapter.js';
import type { StaleServer, ToolExposure } from './providers/tool-exposure.js';
import type { DiscoveryWarning, WarningListener } from './registry/discovery-warning.js';
import type { HostContext, PollingPolicy } from './registry/host-context.js';
import type { ServerConfig } from './registry/server-config.js';
import { ServerDiscovery } from './registry/server-discovery.js';
import type { ServerState } from './registry/server-state.js';
import { type RegistryListener, ToolRegistry } from './registry/tool-registry.js';
import { SchemaGate } from './schema-gate/schema-gate.js';
import type { SchemaLimits } from './schema-gate/schema-limits.js';
import { ValidatorCache } from './schema-gate/validator-cache.js';
import type { CatalogSnapshot } from './snapshot/catalog-snapshot.js';
import type { DiscoveredTool } from './snapshot/discovered-tool.js';
import { InMemorySnapshotStore } from './snapshot-store/in-memory-snapshot-store.js';
import type { SnapshotStore } from './snapshot-store/snapshot-store.js';

/** Options for {@link DiscoveryHost}. Every field but `clientInfo` has a default. */
export interface DiscoveryHostOptions {
  /** The client's identity sent to servers. */
  clientInfo: Implementation;
  /** Per-request timeout, ms (default 30,000). */
  requestTimeoutMs?: number;
  /** Budget for one complete enumeration (all pages), ms (default 120,000). */
  listingDeadlineMs?: number;
  /** Re-lists allowed in one refresh while changes keep landing mid-enumeration (default 10). */
  maxRelists?: number;
  /**
   * New legacy sessions tried in one refresh after the server answered HTTP 404 to the session id
   * (default 3: the first at once, the others after the polling backoff). Past it the server is
   * `failed` (`session-lost`) and the polling backstop tries again later.
   */
  maxSessionRetries?: number;
  /**
   * Longest wait, ms, for the re-list a change signal started before a model request is built
   * (`expose`) or a proposal is checked (`callTool`) (default 10,000). Past it the verified snapshot
   * is used, and the exposure names the server in `staleServers`.
   */
  changeWaitMs?: number;
  /** Pagination caps (pages, tools, bytes per listing). */
  listingLimits?: Partial<ListingLimits>;
  /** Per-response caps: bytes (ordinary, long-lived stream) and time. */
  fetchBounds?: Partial<FetchBounds>;
  /** Schema gate bounds (depth, nodes, keys, string and description lengths). */
  schemaLimits?: Partial<SchemaLimits>;
  /** TTL cap and the legacy default lifetime. */
  freshness?: Partial<FreshnessPolicy>;
  /** Polling backstop and backoff. */
  polling?: Partial<Omit<PollingPolicy, 'backoff'>> & { backoff?: Partial<BackoffPolicy> };
  /** Time, timers and jitter (default: the system clock). */
  clock?: HostClock;
  /** A discovery cache to share between hosts (default: a private one). */
  cache?: DiscoveryCache;
  /** Where audit records go: `memory` (default, newest 10,000), `disabled`, or your own trail. */
  audit?: AuditTrail | 'memory' | 'disabled';
  /** The permission layer, or options for a new one (default: `ask` for every tool). */
  permissions?: PermissionPolicy | PermissionPolicyOptions;
  /** Asked before a call whose policy is `ask`; without it such calls are refused. */
  approve?: Approver;
  /** Most compiled contracts held, least recently used evicted (default 1,000; ~20 KB each). */
  validatorCacheSize?: number;
  /**
   * When argument/output validators are compiled: `lazy` (default) at a tool's first call, `eager`
   * during every refresh for new contracts (compile errors then exclude the tool at discovery).
   * Either way compiled validators are reused by `contractHash`.
   */
  compileValidators?: 'lazy' | 'eager';
  /** Provider adapters besides the built-in `openai-strict`, `anthropic` and `gemini` (same id replaces). */
  providers?: readonly ProviderAdapter[];
  /** Tools whose text screening raised advisories (instruction-like text, hidden characters): `expose` (default, flagged) or `withhold`. */
  suspiciousDescriptions?: 'expose' | 'withhold';
  /**
   * The rate of re-lists change signals may cause, per server and list: a bucket of `burst` re-lists
   * (default 5), one more every `refillMs` (default 500). A notification storm costs at most
   * `burst + T / refillMs` listings in T ms; signals in between are coalesced.
   */
  relistRate?: { burst?: number; refillMs?: number };
  /** When a `notification-storm` warning is raised: more than `threshold` (default 100) change signals within `windowMs` (default 1,000). */
  storm?: { threshold?: number; windowMs?: number };
  /** A change stream open at least this long before it ended cleanly resets its reconnect backoff, ms (default 60,000). */
  stableStreamMs?: number;
  /**
   * Longest time `close()` (and `removeServer`) waits for a server's goodbye (cancellations, a
   * legacy DELETE), wall ms (default 100); what is left then is aborted, never left running.
   */
  closeBudgetMs?: number;
  /**
   * Longest wait for an answer to the `server/discover` probe (`era: 'auto'`), ms (default 3,000).
   * A probe not answered by then, or answered with an HTTP error or an unusable reply, falls back
   * to `initialize` on a fresh connection, so a legacy server costs at most this much extra.
   */
  probeTimeoutMs?: number;
  /** Bounds of stdio server processes (largest message, stderr kept, SIGKILL grace). */
  stdio?: Partial<StdioBounds>;
  /**
   * Where verified listings persist, keyed by server (id and endpoint), credential profile and
   * protocol revision (default: an {@link InMemorySnapshotStore} of this host). At `addServer` the
   * last listing stored for the server is shown as last-known (`stale`, never executable) until a
   * listing verifies the server again. A {@link FileSnapshotStore} survives restarts.
   */
  snapshotStore?: SnapshotStore;
  /**
   * Persist legacy (2025-11-25) HTTP session ids in the store and resume them at the next start;
   * `close()` then leaves such sessions open (no DELETE). A stored id the server rejects (HTTP 404)
   * is replaced once by a new session, in memory and in the store. Default: true when
   * `snapshotStore` is given, false otherwise.
   */
  persistSessions?: boolean;
}

/** Arguments of {@link DiscoveryHost.callTool}: a {@link ToolProposal}. */
export type CallToolRequest = ToolProposal;

/**
 * A host-side tool discovery client over the official MCP SDK: many servers, one verified
 * registry keyed by `(serverId, toolName)`, contract snapshots with `contractHash`, a state machine
 * per server with classified failures, change handling in both eras (modern `subscriptions/listen`
 * with a verified ack, legacy `notifications/tools/list_changed`), a polling backstop, a schema
 * gate, a permission layer and revalidate-before-execute.
 * @see ../shared/spec/mcp-discovery-spec.md
 */
export class DiscoveryHost {
  /** The permission layer (per-chat server enablement, per-tool policy). */
  readonly permissions: PermissionPolicy;
  /** The audit trail every exposure, proposal, revalidation and call is recorded in. */
  readonly audit: AuditTrail;
  /** Compiled validators by `contractHash` (exposed for inspection and benchmarks). */
  readonly validators: ValidatorCache;
  private readonly context: HostContext;
  private readonly discoveries = new Map<string, ServerDiscovery>();
  private readonly executor: ToolExecutor;
  private readonly providers: Map<string, ProviderAdapter>;
  private readonly adaptations = new AdaptationCache();
  private readonly withholdSuspicious: boolean;
  private readonly changeWaitMs: number;
  private readonly warningListeners = new Set<WarningListener>();
  private closed = false;

  constructor(options: DiscoveryHostOptions) {
    if (typeof options?.clientInfo?.name !== 'string' || typeof options.clientInfo.version !== 'string') {
      throw new ToolshiftError('HOST_INVALID_CONFIG', 'clientInfo needs a name and a version (strings).', {
        field: 'clientInfo',
        reason: 'missing name or version',
      });
    }
    const requestTimeoutMs = positive(options.requestTimeoutMs, 30_000, 'requestTimeoutMs');
    this.changeWaitMs = positive(options.changeWaitMs, 10_000, 'changeWaitMs');
    this.audit =
      options.audit === 'disabled'
        ? new DisabledAuditTrail()
        : options.audit === undefined || options.audit === 'memory'
          ? new InMemoryAuditTrail()
          : options.audit;
    this.permissions =
      options.permissions instanceof PermissionPolicy
        ? options.permissions
        : new PermissionPolicy(options.permissions ?? {});
    this.validators = new ValidatorCache(options.validatorCacheSize);
    const polling = {
      intervalMs: options.polling?.intervalMs ?? 60_000,
      backstopMs: options.polling?.backstopMs ?? 900_000,
      backoff: { initialMs: 1_000, maxMs: 300_000, factor: 2, jitter: 0.2, ...options.polling?.backoff },
    };
    this.context = {
      clientInfo: options.clientInfo,
      requestTimeoutMs,
      listingDeadlineMs: positive(options.listingDeadlineMs, 120_000, 'listingDeadlineMs'),
      listing: { ...DEFAULT_LISTING_LIMITS, ...options.listingLimits },
      fetchBounds: {
        maxResponseBytes: 32 * 1024 * 1024,
        maxStreamBytes: 64 * 1024 * 1024,
        responseDeadlineMs: requestTimeoutMs + 5_000,
        ...options.fetchBounds,
      },
      freshness: { ...DEFAULT_FRESHNESS_POLICY, ...options.freshness },
      polling,
      clock: options.clock ?? systemClock,
      registry: new ToolRegistry(),
      prompts: new ListRegistry<DiscoveredPrompt>(),
      resources: new ListRegistry<DiscoveredResource>(),
      gate: new SchemaGate(this.validators, options.schemaLimits),
      validators: this.validators,
      compileValidators: options.compileValidators ?? 'lazy',
      cache: options.cache ?? new DiscoveryCache(),
      audit: this.audit,
      machine: {
        ...DEFAULT_MACHINE_POLICY,
        maxRelists: options.maxRelists ?? DEFAULT_MACHINE_POLICY.maxRelists,
        maxSessionRetries: options.maxSessionRetries ?? DEFAULT_MACHINE_POLICY.maxSessionRetries,
        relistBurst: options.relistRate?.burst ?? DEFAULT_MACHINE_POLICY.relistBurst,
        relistRefillMs: positive(
          options.relistRate?.refillMs,
          DEFAULT_MACHINE_POLICY.relistRefillMs,
          'relistRate.refillMs',
        ),
        stormThreshold: options.storm?.threshold ?? DEFAULT_MACHINE_POLICY.stormThreshold,
        stormWindowMs: positive(
          options.storm?.windowMs,
          DEFAULT_MACHINE_POLICY.stormWindowMs,
          'storm.windowMs',
        ),
        stableStreamMs: positive(
          options.stableStreamMs,
          DEFAULT_MACHINE_POLICY.stableStreamMs,
          'stableStreamMs',
        ),
        pollIntervalMs: polling.intervalMs,
        backstopMs: polling.backstopMs,
      },
      closeBudgetMs: positive(options.closeBudgetMs, 100, 'closeBudgetMs'),
      store: options.snapshotStore ?? new InMemorySnapshotStore(),
      persistSessions: options.persistSessions ?? options.snapshotStore !== undefined,
      probeTimeoutMs: positive(options.probeTimeoutMs, 3_000, 'probeTimeoutMs'),
      stdio: { ...DEFAULT_STDIO_BOUNDS, ...options.stdio },
      warn: (warning) => this.warn(warning),
    };
    this.providers = new Map(BUILT_IN_PROVIDERS);
    for (const adapter of options.providers ?? []) this.providers.set(adapter.id, adapter);
    this.withholdSuspicious = options.suspiciousDescriptions === 'withhold';
    this.executor = new ToolExecutor({
      registry: this.context.registry,
      discovery: (serverId) => this.discovery(serverId),
      validators: this.validators,
      permissions: this.permissions,
      approve: options.approve,
      audit: this.audit,
      clock: this.context.clock,
      requestTimeoutMs,
      changeWaitMs: this.changeWaitMs,
    });
  }

  /**
   * Adds a server and, unless its strategy is `lazy`, connects (negotiating the era), subscribes to
   * changes and lists every page. Resolves with the server's state; discovery failures are states
   * (`failed`, `authRequired`, …), never rejections.
   * @throws {ToolshiftError} HOST_INVALID_CONFIG when `serverId` or `url` is unusable.
   * @throws {ToolshiftError} HOST_DUPLICATE_SERVER when `serverId` is already added.
   * @throws {ToolshiftError} HOST_CLOSED after `close()`.
   */
  async addServer(config: ServerConfig): Promise<ServerState> {
    this.assertOpen();
    validateConfig(config);
    if (this.discoveries.has(config.serverId)) {
      throw new ToolshiftError('HOST_DUPLICATE_SERVER', `Server ${config.serverId} is already added.`, {
        serverId: config.serverId,
      });
    }
    const discovery = new ServerDiscovery({ ...config }, this.context);
    this.discoveries.set(config.serverId, discovery);
    this.context.registry.addServer(config.serverId);
    this.context.prompts.addServer(config.serverId);
    this.context.resources.addServer(config.serverId);
    await discovery.restore();
    if (config.strategy === 'lazy') return discovery.status();
    return discovery.refreshAll('initial');
  }

  /**
   * Closes a server's connection and withdraws its tools.
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER
   */
  async removeServer(serverId: string): Promise<void> {
    const discovery = this.discovery(serverId);
    this.discoveries.delete(serverId);
    const closing = discovery.close(); // stops any refresh from installing a listing from here on
    this.context.registry.removeServer(serverId);
    this.context.prompts.removeServer(serverId);
    this.context.resources.removeServer(serverId);
    await closing;
  }

  /** Every verified tool across servers; identity is `(serverId, name)`. The array is frozen and replaced whole on each change. */
  tools(): readonly DiscoveredTool[] {
    return this.context.registry.tools();
  }

  /** The verified tool with this identity, if any. */
  tool(serverId: string, toolName: string): DiscoveredTool | undefined {
    return this.context.registry.get({ serverId, toolName });
  }

  /**
   * Calls `listener` with every {@link DiscoveryWarning} (non-advancing cursor, page cap, oversize
   * stream, notification storm, normalized or excluded schemas), each naming the server. Warnings
   * are also recorded in the audit trail. Returns the unsubscribe function.
   */
  onWarning(listener: WarningListener): () => void {
    this.warningListeners.add(listener);
    return () => this.warningListeners.delete(listener);
  }

  /**
   * Every verified prompt across servers (identity `(serverId, name)`; a host shows them as slash
   * commands), server by server in the order they were added. Frozen, replaced whole on each change.
   */
  prompts(): readonly DiscoveredPrompt[] {
    return this.context.prompts.entries();
  }

  /** Every verified resource across servers (identity `(serverId, uri)`). Frozen, replaced whole on each change. */
  resources(): readonly DiscoveredResource[] {
    return this.context.resources.entries();
  }

  /** Calls `listener` after every swap that changes the verified prompts. Returns the unsubscribe function. */
  onPromptsChange(listener: ListListener<DiscoveredPrompt>): () => void {
    return this.context.prompts.onChange(listener);
  }

  /** Calls `listener` after every swap that changes the verified resources. Returns the unsubscribe function. */
  onResourcesChange(listener: ListListener<DiscoveredResource>): () => void {
    return this.context.resources.onChange(listener);
  }

  /** Calls `listener` after every swap that changes the verified registry. Returns the unsubscribe function. */
  onRegistryChange(listener: RegistryListener): () => void {
    return this.context.registry.onChange(listener);
  }

  /**
   * The discovery state of one server.
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER
   */
  serverState(serverId: string): ServerState {
    return this.discovery(serverId).status();
  }

  /** The states of every server, in the order they were added. */
  servers(): ServerState[] {
    return [...this.discoveries.values()].map((discovery) => discovery.status());
  }

  /**
   * The server's verified snapshot now (undefined when withdrawn or never loaded).
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER
   */
  snapshot(serverId: string): CatalogSnapshot | undefined {
    this.discovery(serverId);
    return this.context.registry.snapshot(serverId);
  }

  /**
   * The last snapshot ever verified for the server (or restored from the snapshot store at start),
   * kept apart from the verified one: still there after a failure withdrew the server's tools (for
   * "last checked…" UI), never executable.
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER
   */
  lastKnown(serverId: string): CatalogSnapshot | undefined {
    return this.discovery(serverId).lastKnownSnapshot();
  }

  /**
   * Lists the server again from page one (tools, prompts and resources) and swaps each registry
   * atomically. Resolves with the resulting state (never rejects for discovery failures).
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER, HOST_CLOSED
   */
  async refresh(serverId: string): Promise<ServerState> {
    this.assertOpen();
    return this.discovery(serverId).refreshAll('manual');
  }

  /**
   * Replaces a server's credentials (a refreshed token, a switched account) and lists it again: the
   * tools a server offers may depend on the authorization. Omitted fields are cleared.
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER, HOST_CLOSED, HOST_INVALID_CONFIG
   */
  async updateCredentials(
    serverId: string,
    credentials: { bearerToken?: string; credentialProfileId?: string },
  ): Promise<ServerState> {
    this.assertOpen();
    const discovery = this.discovery(serverId);
    validateConfig({ ...discovery.serverConfig, ...credentials });
    return discovery.updateCredentials(credentials);
  }

  /**
   * Completes an OAuth authorization the server's `authProvider` started (its
   * `redirectToAuthorization` sent the user away; the redirect brought back `authorizationCode`):
   * exchanges the code with PKCE through the SDK's `auth()`, stores the tokens in the provider, and
   * re-discovers every list of the server with them.
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER, HOST_CLOSED; SERVER_AUTHORIZATION_FAILED when the
   * server has no `authProvider` or the exchange fails.
   */
  async finishAuthorization(serverId: string, authorizationCode: string): Promise<ServerState> {
    this.assertOpen();
    const discovery = this.discovery(serverId);
    const { authProvider, url } = discovery.serverConfig;
    const failed = (message: string, cause?: unknown) =>
      new ToolshiftError('SERVER_AUTHORIZATION_FAILED', `Authorizing ${serverId} failed: ${message}`, {
        serverId,
        failure:
          cause === undefined
            ? { kind: 'auth-expired', reason: 'no-auth-provider', message, atMs: this.context.clock.now() }
            : classifyFailure(cause, this.context.clock.now()),
      });
    if (!authProvider || url === undefined)
      throw failed('the server has no OAuth authProvider (and an HTTP url)');
    let result: Awaited<ReturnType<typeof auth>>;
    try {
      result = await auth(authProvider, { serverUrl: url, authorizationCode });
    } catch (error) {
      throw failed((error as Error).message, error);
    }
    if (result !== 'AUTHORIZED') throw failed(`the authorization server did not authorize (${result})`);
    return discovery.reauthorized();
  }

  /**
   * Loads lazy servers that were never loaded (all, or one).
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER, HOST_CLOSED
   */
  async ensureReady(serverId?: string): Promise<ServerState[]> {
    this.assertOpen();
    const targets = serverId === undefined ? [...this.discoveries.values()] : [this.discovery(serverId)];
    return Promise.all(targets.map((discovery) => discovery.ensureLoaded()));
  }

  /**
   * The model-facing tool set for one request: security filtering (server enablement for the chat,
   * `deny` rules) before anything is serialized, then selection, collision-free aliases with a
   * reverse map, provider adaptation (a tool the provider cannot express is withheld with a reason,
   * the rest stay), the provider's tool-count limit (a fair share per server, the rest withheld as
   * `tool-limit`; or `PROVIDER_TOOL_LIMIT` with `onToolLimit: 'block'`) and the token budget. Lazy
   * servers enabled for the chat are loaded first, waiting up to `changeWaitMs` for a first listing
   * (never for the retry of a server that failed: one slow or broken server does not stall the
   * others' requests; a server still loading is named in `staleServers` as `listing-pending`). A
   * server that sent a change signal (e.g. a
   * `list_changed` on a tool call's stream) is re-listed first: the request waits up to
   * `changeWaitMs` for that listing and otherwise uses the verified snapshot, naming the server in
   * `staleServers`. An expired snapshot is served and re-listed in the background. Recorded in the
   * audit trail.
   * @throws {ToolshiftError} PROVIDER_UNKNOWN, PROVIDER_TOOL_LIMIT, HOST_CLOSED, HOST_INVALID_CONFIG
   * (`maxTools` not a non-negative integer).
   * @see ../shared/cases/discovery-cases.md LC-06, RM-01, LG-02
   */
  async expose(options: ExposeOptions): Promise<ToolExposure> {
    this.assertOpen();
    const adapter = this.providers.get(options.provider);
    if (!adapter) {
      throw new ToolshiftError(
        'PROVIDER_UNKNOWN',
        `No provider adapter ${JSON.stringify(options.provider)}.`,
        {
          provider: options.provider,
          known: [...this.providers.keys()],
        },
      );
    }
    if (options.maxTools !== undefined && !(Number.isInteger(options.maxTools) && options.maxTools >= 0)) {
      throw new ToolshiftError('HOST_INVALID_CONFIG', 'maxTools must be a non-negative integer.', {
        field: 'maxTools',
        reason: 'not a non-negative integer',
      });
    }
    const now = this.context.clock.now();
    const changes = await Promise.all(
      [...this.discoveries.values()]
        .filter((discovery) =>
          this.permissions.isServerEnabled(discovery.serverConfig.serverId, options.chatId),
        )
        .map(async (discovery): Promise<StaleServer | undefined> => {
          const { serverId } = discovery.serverConfig;
          if (this.context.registry.snapshot(serverId)?.isExpired(now)) {
            void discovery.refresh('expired-on-use');
          }
          if ((await discovery.awaitLoaded(this.changeWaitMs)).pending) {
            return {
              serverId,
              reason: 'listing-pending',
              detail: `the first listing did not finish within ${this.changeWaitMs} ms`,
            };
          }
          const change = await discovery.awaitChanges(this.changeWaitMs);
          if (change.current || !this.context.registry.snapshot(serverId)) return undefined;
          return { serverId, reason: change.reason, detail: change.detail };
        }),
    );
    const staleServers = changes.filter((change) => change !== undefined);
    const exposure = buildExposure(options, {
      tools: this.context.registry.tools(),
      adapter,
      permissions: this.permissions,
      cache: this.adaptations,
      withholdSuspicious: this.withholdSuspicious,
      staleServers,
    });
    if (options.record !== false) {
      this.audit.record(
        {
          type: 'exposure',
          provider: adapter.id,
          ...(options.chatId !== undefined ? { chatId: options.chatId } : {}),
          tools: exposure.tools.map(({ serverId, toolName, contractHash, alias }) => ({
            serverId,
            toolName,
            contractHash,
            alias,
          })),
          withheld: exposure.withheld.map(({ serverId, toolName, reason }) => ({
            serverId,
            toolName,
            reason,
          })),
          estimatedTokens: exposure.budget.estimatedTokens,
          ...(staleServers.length > 0
            ? { staleServers: staleServers.map(({ serverId, reason }) => ({ serverId, reason })) }
            : {}),
        },
        this.context.clock.now(),
      );
    }
    return exposure;
  }

  /**
   * Runs a tool proposal through the execution path (see {@link ToolExecutor}): presence, permission,
   * refresh of an expired destructive contract, argument revalidation, approval, the call, output
   * validation. Returns the server's `CallToolResult` (a result with `isError: true` is returned,
   * not thrown).
   * @throws {ToolshiftError} HOST_UNKNOWN_SERVER, HOST_CLOSED, SERVER_NOT_READY, TOOL_UNAVAILABLE,
   * TOOL_PERMISSION_DENIED, TOOL_CONTRACT_STALE, TOOL_SCHEMA_UNUSABLE, TOOL_ARGUMENTS_INVALID,
   * TOOL_CALL_FAILED, TOOL_OUTPUT_INVALID.
   */
  async callTool(request: CallToolRequest, options: { signal?: AbortSignal } = {}): Promise<CallToolResult> {
    this.assertOpen();
    this.discovery(request.serverId);
    return this.executor.execute(request, options.signal);
  }

  /**
   * Closes every connection and stops every timer, within `closeBudgetMs`: in-flight work is
   * aborted and its cancellations delivered in a fixed order (change streams, requests, a legacy
   * DELETE, the transport); what the budget leaves is abandoned, so nothing of this host reaches
   * the wire after `close()` resolved. Legacy sessions stay open when the host persists them.
   * Idempotent.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.discoveries.values()].map((discovery) => discovery.shutdown()));
  }

  /** Resolves when every snapshot-store write issued so far has finished (call before the process exits). */
  async flush(): Promise<void> {
    await Promise.all([...this.discoveries.values()].map((discovery) => discovery.flushed()));
  }

  private warn(body: Omit<DiscoveryWarning, 'atMs'>): void {
    // Every message may embed what a server sent: escaped and bounded here, whoever composed it.
    const warning: DiscoveryWarning = {
      ...body,
      message: displayText(body.message),
      atMs: this.context.clock.now(),
    };
    this.audit.record({ type: 'warning', warning }, warning.atMs);
    for (const listener of [...this.warningListeners]) {
      try {
        listener(warning);
      } catch {
        // A listener owns its errors; the others still hear of it.
      }
    }
  }

  private discovery(serverId: string): ServerDiscovery {
    const discovery = this.discoveries.get(serverId);
    if (!discovery) {
      throw new ToolshiftError('HOST_UNKNOWN_SERVER', `No server ${JSON.stringify(serverId)} in this host.`, {
        serverId,
        known: [...this.discoveries.keys()],
      });
    }
    return discovery;
  }

  private assertOpen(): void {
    if (this.closed)
      throw new ToolshiftError('HOST_CLOSED', 'This DiscoveryHost is closed; create a new one.', {});
  }
}

function validateConfig(config: ServerConfig): void {
  const invalid = (field: string, reason: string) =>
    new ToolshiftError('HOST_INVALID_CONFIG', `Server config field ${field} ${reason}.`, { field, reason });
  if (typeof config?.serverId !== 'string' || !isServerId(config.serverId)) {
    throw invalid('serverId', 'must be 1-128 characters without whitespace or control characters');
  }
  const endpoints = (['url', 'stdio', 'transport'] as const).filter((field) => config[field] !== undefined);
  if (endpoints.length !== 1) {
    throw invalid(
      endpoints.length === 0 ? 'url' : endpoints[1]!,
      endpoints.length === 0
        ? 'is required (or stdio, or transport): the server needs an endpoint'
        : `cannot be combined with ${endpoints[0]}: give exactly one of url, stdio, transport`,
    );
  }
  if (config.url !== undefined) {
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      throw invalid('url', `is not a URL (${JSON.stringify(config.url)})`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalid('url', 'must be http: or https:');
  }
  if (config.stdio !== undefined) {
    const { command, args, env, cwd } = config.stdio;
    if (typeof command !== 'string' || command === '')
      throw invalid('stdio.command', 'must be a non-empty string');
    if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === 'string'))) {
      throw invalid('stdio.args', 'must be an array of strings');
    }
    if (env !== undefined && !Object.values(env ?? {}).every((value) => typeof value === 'string')) {
      throw invalid('stdio.env', 'must map names to strings');
    }
    if (cwd !== undefined && typeof cwd !== 'string') throw invalid('stdio.cwd', 'must be a string');
  }
  if (config.authProvider !== undefined && (config.bearerToken !== undefined || config.url === undefined)) {
    throw invalid('authProvider', 'needs an HTTP url and no bearerToken');
  }
  if (config.transport !== undefined && typeof config.transport !== 'function') {
    throw invalid('transport', 'must be a function returning a new SDK Transport');
  }
  if (config.era !== undefined && !['auto', 'legacy', 'modern'].includes(config.era)) {
    throw invalid('era', "must be 'auto', 'legacy' or 'modern'");
  }
  if (config.strategy !== undefined && !['eager', 'lazy', 'cached-with-refresh'].includes(config.strategy)) {
    throw invalid('strategy', "must be 'eager', 'lazy' or 'cached-with-refresh'");
  }
  if (
    config.credentialProfileId !== undefined &&
    (typeof config.credentialProfileId !== 'string' || config.credentialProfileId === '')
  ) {
    throw invalid('credentialProfileId', 'must be a non-empty string');
  }
}

function positive(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ToolshiftError('HOST_INVALID_CONFIG', `${field} must be a positive number of ms.`, {
      field,
      reason: 'not a positive number',
    });
  }
  return value;
}

/** 1-128 characters, none of them whitespace or control characters. */
function isServerId(id: string): boolean {
  if (id.length === 0 || id.length > 128) return false;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || /\s/.test(id[i]!)) return false;
  }
  return true;
}
