import { auth, type CallToolResult } from '@modelcontextprotocol/client';
import type { AuditTrail } from './audit/audit-trail.js';
import { DisabledAuditTrail, InMemoryAuditTrail } from './audit/audit-trail.js';
import type { DiscoveryHostOptions } from './discovery-host-options.js';
import { classifyFailure } from './errors/classify-failure.js';
import { displayText } from './errors/display-text.js';
import { ToolshiftError } from './errors/toolshift-error.js';
import { ToolExecutor } from './execution/tool-executor.js';
import type { ToolProposal } from './execution/tool-proposal.js';
import type { DiscoveredPrompt, DiscoveredResource } from './lists/discovered-entry.js';
import type { ListListener } from './lists/list-registry.js';
import { PermissionPolicy } from './permissions/permission-policy.js';
import { AdaptationCache } from './providers/adaptation-cache.js';
import type { ExposeOptions } from './providers/build-exposure.js';
import { exposeTools } from './providers/expose-tools.js';
import { BUILT_IN_PROVIDERS } from './providers/index.js';
import type { ProviderAdapter } from './providers/provider-adapter.js';
import type { ToolExposure } from './providers/tool-exposure.js';
import { createHostContext, positiveMs } from './registry/create-host-context.js';
import type { DiscoveryWarning, WarningListener } from './registry/discovery-warning.js';
import type { HostContext } from './registry/host-context.js';
import type { ServerConfig } from './registry/server-config.js';
import { ServerDiscovery } from './registry/server-discovery.js';
import type { ServerState } from './registry/server-state.js';
import type { RegistryListener } from './registry/tool-registry.js';
import { validateServerConfig } from './registry/validate-server-config.js';
import { ValidatorCache } from './schema-gate/validator-cache.js';
import type { CatalogSnapshot } from './snapshot/catalog-snapshot.js';
import type { DiscoveredTool } from './snapshot/discovered-tool.js';

export type { DiscoveryHostOptions } from './discovery-host-options.js';

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
    const requestTimeoutMs = positiveMs(options.requestTimeoutMs, 30_000, 'requestTimeoutMs');
    this.changeWaitMs = positiveMs(options.changeWaitMs, 10_000, 'changeWaitMs');
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
    this.context = createHostContext(options, this.validators, this.audit, (warning) => this.warn(warning));
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
    validateServerConfig(config);
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
    validateServerConfig({ ...discovery.serverConfig, ...credentials });
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
    return exposeTools(options, {
      providers: this.providers,
      discoveries: [...this.discoveries.values()],
      registry: this.context.registry,
      permissions: this.permissions,
      adaptations: this.adaptations,
      withholdSuspicious: this.withholdSuspicious,
      changeWaitMs: this.changeWaitMs,
      clock: this.context.clock,
      audit: this.audit,
    });
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
