import type { ExposedTool } from '@toolshift/assertions';
import {
  DiscoveryCache,
  DiscoveryHost,
  type DiscoveryHostOptions,
  PermissionPolicy,
} from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from './client-adapter.js';

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

/** The server id every host of a gateway uses for the shared upstream server. */
export const GATEWAY_SERVER_ID = 'upstream';

/** The reference discovery client (`@toolshift/reference-client`) behind the adapter contract: one host (or one per user, as a gateway), one server per `connect`. */
export class ReferenceClientAdapter implements ClientAdapter {
  /** Hosts by connection server id (one shared host unless `gateway`). */
  private readonly hosts = new Map<string, DiscoveryHost>();
  private shared: DiscoveryHost | undefined;
  private firstServerId: string | undefined;
  private readonly unsubscribes: Array<() => void> = [];
  private observer: ClientObserver | undefined;
  private readonly cache: DiscoveryCache | undefined;

  constructor(private readonly options: ReferenceAdapterOptions = {}) {
    this.cache = options.cache ?? (options.gateway ? new DiscoveryCache() : undefined);
  }

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const host = this.hostFor(target.serverId, observer);
    this.firstServerId ??= target.serverId;
    await host.addServer({
      serverId: this.internalId(target.serverId),
      url: target.url,
      era: target.era,
      ...(target.bearerToken !== undefined ? { bearerToken: target.bearerToken } : {}),
      ...(target.credentialProfileId !== undefined
        ? { credentialProfileId: target.credentialProfileId }
        : {}),
      ...(target.reuseCache ? { strategy: 'cached-with-refresh' as const } : {}),
    });
    const state = host.serverState(this.internalId(target.serverId));
    if (state.failure)
      observer.note(`reference client: ${state.state}: ${state.failure.kind}: ${state.failure.message}`);
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
      })) as {
        isError?: boolean;
        content?: unknown;
      };
      if (result.isError)
        return { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` };
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

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    await Promise.all([...new Set(this.hosts.values())].map((host) => host.close().catch(() => undefined)));
  }

  private internalId(serverId: string): string {
    return this.options.gateway ? GATEWAY_SERVER_ID : serverId;
  }

  private hostFor(serverId: string, observer: ClientObserver): DiscoveryHost {
    const existing = this.options.gateway ? undefined : this.shared;
    const host = existing ?? this.createHost(observer);
    if (!this.options.gateway) this.shared = host;
    this.hosts.set(serverId, host);
    return host;
  }

  private createHost(observer: ClientObserver): DiscoveryHost {
    this.observer = observer;
    // The scenario plays the user: it answers every approval (by default, yes).
    const ask: NonNullable<DiscoveryHostOptions['approve']> = (request) =>
      observer.approve?.({
        serverId: request.serverId,
        toolName: request.toolName,
        arguments: request.arguments,
      }) ?? true;
    const host = new DiscoveryHost({
      clientInfo: { name: 'toolshift-reference-adapter', version: '1.0.0' },
      approve: this.options.approver ? this.options.approver(ask) : ask,
      permissions: this.options.permissions ?? new PermissionPolicy(),
      ...(this.cache ? { cache: this.cache } : {}),
    });
    this.unsubscribes.push(host.onRegistryChange(() => this.report()));
    return host;
  }

  /** Reports every connection's verified tools as one exposure (each under its connection's server id). */
  private report(): void {
    if (!this.observer) return;
    this.observer.exposure(
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

/** The reference client as the CLI's `reference` client. */
export const referenceClient: ClientAdapterFactory = {
  name: 'reference',
  kind: 'reference',
  description:
    'toolshift’s reference discovery client (@toolshift/reference-client); it has no expected failures.',
  create: () => new ReferenceClientAdapter(),
};

/** The reference client embedded in a multi-user gateway (one host per user, one shared cache). */
export const referenceGateway: ClientAdapterFactory = {
  name: 'reference-gateway',
  kind: 'reference',
  description:
    'The reference client as a multi-user gateway embeds it: one DiscoveryHost per user sharing one discovery cache.',
  create: () => new ReferenceClientAdapter({ gateway: true }),
};
