import type { ExposedTool, ModelTool } from '@toolshift/assertions';
import {
  DiscoveryCache,
  DiscoveryHost,
  type DiscoveryHostOptions,
  isToolshiftError,
  PermissionPolicy,
  type ServerConfig,
  type ToolExposure,
} from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientCapabilities,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ReportedState,
} from './client-adapter.js';
import { SkewableClock } from './skewable-clock.js';

/** The provider a model request uses when the scenario names none. */
export const DEFAULT_PROVIDER = 'anthropic';

/** The server id every host of a gateway uses for the shared upstream server. */
export const GATEWAY_SERVER_ID = 'upstream';

/**
 * Components of the reference client a caller may swap through its public extension points (the
 * defect catalogue swaps one for a broken one; the default is the reference client as shipped).
 */
export interface ReferenceAdapterOptions {
  /** The discovery cache (default: a private one per adapter). */
  cache?: DiscoveryCache;
  /** The permission layer (default: `ask` for every tool, the user answers through the observer). */
  permissions?: PermissionPolicy;
  /** Wraps the approver the host asks before a call (default: ask the user through the observer). */
  approver?: (
    ask: NonNullable<DiscoveryHostOptions['approve']>,
  ) => NonNullable<DiscoveryHostOptions['approve']>;
  /**
   * Embed the client as a multi-user gateway does: one host per connection (per user), every host
   * naming the server alike (`GATEWAY_SERVER_ID`) and sharing one discovery cache, so a cache that
   * ignores whose listing it holds serves it to the next user. Exposures keep each connection's
   * own server id.
   */
  gateway?: boolean;
}

function resultText(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((part) =>
      part && typeof part === 'object' && 'text' in part ? String(part.text) : JSON.stringify(part),
    )
    .join('\n');
}

/**
 * The reference discovery client (`@toolshift/reference-client`) behind the adapter contract, as a
 * small host would drive it: one `DiscoveryHost` for every server (or one per user, as a gateway),
 * the user answering approvals through the observer, model requests built with `expose()`, model
 * calls turned into proposals against the exposure they were made from, and a host clock the
 * harness can jump forward.
 */
export class ReferenceClientAdapter implements ClientAdapter {
  private readonly clock = new SkewableClock();
  /** Hosts by connection server id (one shared host unless `gateway`). */
  private readonly hosts = new Map<string, DiscoveryHost>();
  private shared: DiscoveryHost | undefined;
  private readonly configs = new Map<string, ServerConfig>();
  private readonly warned = new Set<string>();
  private readonly exposures = new Map<string, ToolExposure>();
  private readonly unsubscribes: Array<() => void> = [];
  private readonly cache: DiscoveryCache | undefined;
  private firstServerId: string | undefined;
  private credentialGeneration = 0;
  private observer: ClientObserver | undefined;

  constructor(private readonly options: ReferenceAdapterOptions = {}) {
    this.cache = options.cache ?? (options.gateway ? new DiscoveryCache() : undefined);
  }

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const transport = target.transport ?? { kind: 'http', url: target.url };
    if ('connect' in transport)
      throw new Error(`the reference client connects over Streamable HTTP only, not ${transport.kind}`);
    this.observer = observer;
    const host = this.hostFor(target.serverId);
    this.firstServerId ??= target.serverId;
    const config: ServerConfig = {
      serverId: this.internalId(target.serverId),
      url: transport.url,
      // A modern cell means "prefer 2026-07-28": the host negotiates (and falls back) like any host would.
      era: target.era === 'modern' ? 'auto' : 'legacy',
      ...(target.bearerToken !== undefined
        ? {
            bearerToken: target.bearerToken,
            credentialProfileId: target.credentialProfileId ?? `${target.serverId}#credentials-0`,
          }
        : {}),
      ...(target.reuseCache ? { strategy: 'cached-with-refresh' as const } : {}),
    };
    this.configs.set(target.serverId, config);
    await host.addServer(config);
    this.reportState(target.serverId);
    this.report();
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const target = serverId ?? this.firstServerId;
    const host = target === undefined ? undefined : this.hosts.get(target);
    if (!host || target === undefined) return { ok: false, error: 'not connected' };
    try {
      const result = (await host.callTool({
        serverId: this.internalId(target),
        toolName,
        arguments: args,
      })) as { isError?: boolean; content?: unknown };
      if (result.isError) return { ok: false, error: `tool returned isError: ${resultText(result)}` };
      return { ok: true, result };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { ok: false, error: (error as Error).message, ...(typeof code === 'string' ? { code } : {}) };
    }
  }

  grant(serverId: string, toolName: string): void {
    this.hosts
      .get(serverId)
      ?.permissions.setToolPolicy({ serverId: this.internalId(serverId), toolName }, 'allow');
  }

  async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const provider = options.provider ?? DEFAULT_PROVIDER;
    const exposure = await this.sharedHost().expose({ provider });
    this.exposures.set(provider, exposure);
    const tools = exposure.tools.map((tool): ModelTool => {
      const definition = tool.definition as Record<string, unknown>;
      const body = (definition.function as Record<string, unknown> | undefined) ?? definition;
      return {
        name: tool.alias,
        serverId: tool.serverId,
        toolName: tool.toolName,
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        parameters: body.parameters ?? body.input_schema,
      };
    });
    return {
      tools,
      withheld: exposure.withheld.map((tool) => ({
        serverId: tool.serverId,
        toolName: tool.toolName,
        reason: tool.reason,
        ...(tool.detail !== undefined ? { detail: tool.detail } : {}),
      })),
      estimatedTokens: exposure.budget.estimatedTokens,
      perServerTokens: exposure.budget.perServer,
    };
  }

  async modelCall(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult> {
    const provider = options.provider ?? DEFAULT_PROVIDER;
    const host = this.sharedHost();
    const exposure = this.exposures.get(provider) ?? (await host.expose({ provider }));
    let proposal: ReturnType<ToolExposure['proposal']>;
    try {
      proposal = exposure.proposal(name, args);
    } catch (error) {
      if (!isToolshiftError(error, 'PROVIDER_ALIAS_UNKNOWN')) throw error;
      const valid = exposure.tools.map((tool) => tool.alias);
      return {
        isError: true,
        text: `Unknown tool ${JSON.stringify(name)}. Call one of the tools you were given: ${valid.join(', ') || '(none)'}.`,
      };
    }
    const routedTo = { serverId: proposal.serverId, toolName: proposal.toolName };
    try {
      const result = (await host.callTool(proposal)) as { isError?: boolean; content?: unknown };
      return { isError: result.isError === true, text: resultText(result), routedTo };
    } catch (error) {
      return { isError: true, text: (error as Error).message, routedTo };
    }
  }

  async refresh(serverId: string): Promise<void> {
    await this.host(serverId).refresh(this.internalId(serverId));
    this.reportState(serverId);
  }

  /** A host's "reconnect" command: drop the server's connection and state, then add it again. */
  async reconnect(serverId: string): Promise<void> {
    const host = this.host(serverId);
    await host.removeServer(this.internalId(serverId));
    await host.addServer(this.configs.get(serverId)!);
    this.reportState(serverId);
    this.report();
  }

  /** The user completed an authorization: the host swaps the server's credentials and re-discovers. */
  async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    const host = this.host(serverId);
    this.credentialGeneration += 1;
    const credentials = {
      bearerToken,
      credentialProfileId: `${serverId}#credentials-${this.credentialGeneration}`,
    };
    this.configs.set(serverId, { ...this.configs.get(serverId)!, ...credentials });
    await host.updateCredentials(this.internalId(serverId), credentials);
    this.reportState(serverId);
    this.report();
  }

  async advanceClock(ms: number): Promise<void> {
    this.clock.advance(ms);
  }

  serverState(serverId: string): ReportedState {
    const state = this.host(serverId).serverState(this.internalId(serverId));
    return {
      state: state.state,
      ...(state.failure ? { detail: `${state.failure.kind}: ${state.failure.message}` } : {}),
    };
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    await Promise.all([...new Set(this.hosts.values())].map((host) => host.close().catch(() => undefined)));
  }

  private internalId(serverId: string): string {
    return this.options.gateway ? GATEWAY_SERVER_ID : serverId;
  }

  private host(serverId: string): DiscoveryHost {
    const host = this.hosts.get(serverId);
    if (!host) throw new Error(`server ${serverId} was never connected`);
    return host;
  }

  /** The one host of a non-gateway adapter (model requests span its servers). */
  private sharedHost(): DiscoveryHost {
    if (!this.shared) throw new Error('model requests need a connected, non-gateway reference client');
    return this.shared;
  }

  private hostFor(serverId: string): DiscoveryHost {
    const host = (this.options.gateway ? undefined : this.shared) ?? this.createHost(serverId);
    if (!this.options.gateway) this.shared = host;
    this.hosts.set(serverId, host);
    return host;
  }

  /** A host; in gateway mode it serves one connection (`connectionId`), whose id the user is asked about. */
  private createHost(connectionId: string): DiscoveryHost {
    // The scenario plays the user: it answers every approval (by default, yes).
    const ask: NonNullable<DiscoveryHostOptions['approve']> = (request) =>
      this.observer?.approve?.({
        serverId: this.options.gateway ? connectionId : request.serverId,
        toolName: request.toolName,
        arguments: request.arguments,
      }) ?? true;
    const host = new DiscoveryHost({
      clientInfo: { name: 'toolshift-reference-adapter', version: '1.0.0' },
      approve: this.options.approver ? this.options.approver(ask) : ask,
      permissions: this.options.permissions ?? new PermissionPolicy(),
      clock: this.clock,
      ...(this.cache ? { cache: this.cache } : {}),
    });
    this.unsubscribes.push(host.onRegistryChange(() => this.report()));
    return host;
  }

  /** A host shows a server's discovery failure to its user. */
  private reportState(serverId: string): void {
    const state = this.host(serverId).serverState(this.internalId(serverId));
    if (state.failure)
      this.observer?.warning?.({
        serverId,
        message: `${state.state}: ${state.failure.kind}: ${state.failure.message}`,
      });
  }

  /**
   * Reports every connection's verified tools as one exposure (each under its connection's server
   * id), and each schema-gate exclusion once as a warning naming the tool.
   */
  private report(): void {
    const observer = this.observer;
    if (!observer) return;
    for (const [serverId, host] of this.hosts) {
      for (const excluded of host.snapshot(this.internalId(serverId))?.excluded ?? []) {
        const key = `${serverId}\u0000${excluded.name}\u0000${excluded.reason}`;
        if (this.warned.has(key)) continue;
        this.warned.add(key);
        observer.warning?.({
          serverId,
          toolName: excluded.name,
          message: `excluded ${excluded.name}: ${excluded.reason} at ${excluded.pointer || '/'}: ${excluded.detail}`,
        });
      }
    }
    observer.exposure(
      [...this.hosts].flatMap(([serverId, host]) =>
        host
          .tools()
          .filter((tool) => tool.serverId === this.internalId(serverId))
          .map(
            (tool): ExposedTool => ({
              serverId,
              name: tool.name,
              ...(tool.description !== undefined ? { description: tool.description } : {}),
              inputSchema: tool.inputSchema,
              ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
            }),
          ),
      ),
    );
  }
}

/** What the reference client offers: Streamable HTTP (msw intercepts the same fetch calls) and every host feature. */
const REFERENCE_CAPABILITIES: ClientCapabilities = {
  transports: ['http', 'msw'],
  features: [
    'multi-server',
    'bearer-auth',
    'model-exposure',
    'manual-refresh',
    'reconnect',
    'reauthorize',
    'host-clock',
    'discovery-state',
  ],
};

/** The reference client as the CLI's `reference` client. */
export const referenceClient: ClientAdapterFactory = {
  name: 'reference',
  kind: 'reference',
  description:
    'toolshift’s reference discovery client (@toolshift/reference-client); it has no expected failures.',
  capabilities: REFERENCE_CAPABILITIES,
  create: () => new ReferenceClientAdapter(),
};

/** The reference client embedded in a multi-user gateway (one host per user, one shared cache). */
export const referenceGateway: ClientAdapterFactory = {
  name: 'reference-gateway',
  kind: 'reference',
  description:
    'The reference client as a multi-user gateway embeds it: one DiscoveryHost per user sharing one discovery cache.',
  // One host per user: no model request spans the users' servers.
  capabilities: {
    ...REFERENCE_CAPABILITIES,
    features: REFERENCE_CAPABILITIES.features.filter((f) => f !== 'model-exposure'),
  },
  create: () => new ReferenceClientAdapter({ gateway: true }),
};
