import type { ExposedTool } from '@toolshift/assertions';
import {
  type DiscoveryCache,
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
}

/** The reference discovery client (`@toolshift/reference-client`) behind the adapter contract: one host, one server per `connect`. */
export class ReferenceClientAdapter implements ClientAdapter {
  private host: DiscoveryHost | undefined;
  private firstServerId = 'primary';
  private unsubscribe: (() => void) | undefined;
  private observer: ClientObserver | undefined;

  constructor(private readonly options: ReferenceAdapterOptions = {}) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const host = this.hostFor(observer);
    if (host.servers().length === 0) this.firstServerId = target.serverId;
    await host.addServer({
      serverId: target.serverId,
      url: target.url,
      era: target.era,
      ...(target.bearerToken !== undefined ? { bearerToken: target.bearerToken } : {}),
      ...(target.credentialProfileId !== undefined
        ? { credentialProfileId: target.credentialProfileId }
        : {}),
      ...(target.reuseCache ? { strategy: 'cached-with-refresh' as const } : {}),
    });
    const state = host.serverState(target.serverId);
    if (state.failure)
      observer.note(`reference client: ${state.state}: ${state.failure.kind}: ${state.failure.message}`);
    this.report();
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    if (!this.host) return { ok: false, error: 'not connected' };
    try {
      const result = (await this.host.callTool({
        serverId: serverId ?? this.firstServerId,
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
    this.host?.permissions.setToolPolicy({ serverId, toolName }, 'allow');
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.host?.close().catch(() => undefined);
  }

  private hostFor(observer: ClientObserver): DiscoveryHost {
    if (this.host) return this.host;
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
      ...(this.options.cache ? { cache: this.options.cache } : {}),
    });
    this.host = host;
    this.unsubscribe = host.onRegistryChange(() => this.report());
    return host;
  }

  private report(): void {
    if (!this.host || !this.observer) return;
    this.observer.exposure(
      this.host.tools().map(
        (tool): ExposedTool => ({
          serverId: tool.serverId,
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema,
          ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
        }),
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
