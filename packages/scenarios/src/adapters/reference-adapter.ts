import {
  type DiscoveryCache,
  DiscoveryHost,
  type DiscoveryHostOptions,
  InMemorySnapshotStore,
  isToolshiftError,
  type PermissionPolicy,
  type ServerConfig,
  type ToolExposure,
} from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ReportedState,
} from './client-adapter.js';
import { exposureModelRequest } from './exposure-model-request.js';
import { ReferenceHostReporter } from './reference-host-reporter.js';
import { referenceServerConfig } from './reference-server-config.js';
import { SkewableClock } from './skewable-clock.js';

/**
 * Components of the reference client a caller may swap through its public extension points (the
 * defect catalogue swaps one for a broken one; the default is the reference client as shipped).
 */
export interface ReferenceAdapterOptions {
  /** The discovery cache (default: the host's own). */
  cache?: DiscoveryCache;
  /** The permission layer (default: `ask` for every tool; the user answers through the observer). */
  permissions?: PermissionPolicy;
  /** Wraps the approver the host asks before a call (default: ask the user through the observer). */
  approver?: (
    ask: NonNullable<DiscoveryHostOptions['approve']>,
  ) => NonNullable<DiscoveryHostOptions['approve']>;
}

/** The provider a model request uses when the scenario names none. */
export const DEFAULT_PROVIDER = 'anthropic';

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
 * small host would drive it: one `DiscoveryHost` for every server, the user approving every call
 * the scenario makes, model requests built with `expose()`, model calls turned into proposals
 * against the exposure they were made from, and a host clock the harness can jump forward.
 */
export class ReferenceClientAdapter implements ClientAdapter {
  private readonly clock = new SkewableClock();
  private host: DiscoveryHost;
  private readonly makeHost: () => DiscoveryHost;
  /** What the host persists across a restart (the process's memory stands in for its disk). */
  private readonly store = new InMemorySnapshotStore();
  private readonly configs = new Map<string, ServerConfig>();
  private readonly reporter = new ReferenceHostReporter(
    () => this.host,
    () => this.configs.keys(),
    () => this.observer,
    (serverId) => this.serverState(serverId),
  );
  private readonly exposures = new Map<string, ToolExposure>();
  private firstServer: string | undefined;
  private credentialGeneration = 0;
  private unsubscribe: (() => void) | undefined;
  private observer: ClientObserver | undefined;

  constructor(options: ReferenceAdapterOptions = {}) {
    // The scenario plays the user: it answers every question the host asks (yes, unless told otherwise).
    const ask: NonNullable<DiscoveryHostOptions['approve']> = (request) => {
      const granted =
        this.observer?.approve?.({
          serverId: request.serverId,
          toolName: request.toolName,
          arguments: request.arguments,
        }) ?? true;
      this.observer?.permission({
        serverId: request.serverId,
        toolName: request.toolName,
        granted,
        how: 'asked',
      });
      return granted;
    };
    this.makeHost = () =>
      new DiscoveryHost({
        clientInfo: { name: 'toolshift-reference-adapter', version: '1.0.0' },
        approve: options.approver ? options.approver(ask) : ask,
        clock: this.clock,
        snapshotStore: this.store,
        // Legacy session ids are persisted, so a host that restarts resumes them (restart-client);
        // close() and restart() still end every session, removing each server first.
        persistSessions: true,
        // The fake server answers on loopback: the host's 100 ms close budget only runs out when
        // the machine is busy, and then how much of the goodbye (a listen's notifications/cancelled,
        // a DELETE) reached the server before the abort depended on the load (determinism, issue
        // 9). The cell bounds close() itself (actionTimeoutMs).
        closeBudgetMs: 5_000,
        ...(options.cache ? { cache: options.cache } : {}),
        ...(options.permissions ? { permissions: options.permissions } : {}),
      });
    this.host = this.makeHost();
  }

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.observer = observer;
    this.firstServer ??= target.serverId;
    this.unsubscribe ??= this.follow();
    const config = referenceServerConfig(target);
    this.configs.set(target.serverId, config);
    await this.host.addServer(config);
    this.reporter.noteState(target.serverId);
    this.reporter.report();
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    try {
      const result = (await this.host.callTool({
        serverId: serverId ?? this.firstServer ?? '',
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

  async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const provider = options.provider ?? DEFAULT_PROVIDER;
    const exposure = await this.host.expose({ provider });
    this.exposures.set(provider, exposure);
    // What a host's UI would show: the verified tools of its registry, less those it kept out.
    return exposureModelRequest(exposure, this.host.tools().length);
  }

  async modelCall(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult> {
    const provider = options.provider ?? DEFAULT_PROVIDER;
    const exposure = this.exposures.get(provider) ?? (await this.host.expose({ provider }));
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
      const result = (await this.host.callTool(proposal)) as { isError?: boolean; content?: unknown };
      return { isError: result.isError === true, text: resultText(result), routedTo };
    } catch (error) {
      return { isError: true, text: (error as Error).message, routedTo };
    }
  }

  grant(serverId: string, toolName: string): void {
    this.host.permissions.setToolPolicy({ serverId, toolName }, 'allow');
  }

  async refresh(serverId: string): Promise<void> {
    await this.host.refresh(serverId);
    this.reporter.noteState(serverId);
  }

  /** A host's "reconnect" command: drop the server's connection and state, then add it again. */
  async reconnect(serverId: string): Promise<void> {
    const config = this.configs.get(serverId);
    if (!config) throw new Error(`server ${serverId} was never connected`);
    await this.host.removeServer(serverId);
    await this.host.addServer(config);
    this.reporter.noteState(serverId);
    this.reporter.report();
  }

  /** The user completed an authorization: the host swaps the server's credentials and re-discovers. */
  async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    const config = this.configs.get(serverId);
    if (!config) throw new Error(`server ${serverId} was never connected`);
    this.credentialGeneration += 1;
    const credentials = {
      bearerToken,
      credentialProfileId: `${serverId}#credentials-${this.credentialGeneration}`,
    };
    this.configs.set(serverId, { ...config, ...credentials });
    await this.host.updateCredentials(serverId, credentials);
    this.reporter.noteState(serverId);
    this.reporter.report();
  }

  /**
   * The host process restarts: the host is closed and a new one starts from what it persisted
   * (each server's last verified listing, shown as stale and never executed until re-listed), then
   * adds every server again. Resolves when each is rediscovered.
   */
  async restart(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.host.flush();
    await this.endSessions();
    await this.host.close();
    this.host = this.makeHost();
    this.unsubscribe = this.follow();
    for (const config of this.configs.values()) await this.host.addServer(config);
    for (const serverId of this.configs.keys()) this.reporter.noteState(serverId);
    this.reporter.report();
  }

  /**
   * `restart-client`: the host process dies and starts again. The old host is dropped without
   * ending its sessions (a killed process sends no DELETE); the new one starts from what was
   * persisted — each legacy session id, resumed, and each last verified listing, shown as stale
   * until re-listed — and adds every server again. Resolves when each is rediscovered.
   */
  async restartClient(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.host.flush();
    await this.host.close();
    this.host = this.makeHost();
    this.unsubscribe = this.follow();
    for (const config of this.configs.values()) await this.host.addServer(config);
    for (const serverId of this.configs.keys()) this.reporter.noteState(serverId);
    this.reporter.report();
  }

  /** Ends every server's session (a legacy DELETE), as a host that shuts down cleanly does. */
  private async endSessions(): Promise<void> {
    for (const serverId of this.configs.keys()) await this.host.removeServer(serverId).catch(() => undefined);
  }

  /** The tools the host shows as last known for a server (restored or last verified). */
  lastKnownTools(serverId: string): string[] {
    return (this.host.lastKnown(serverId)?.tools ?? []).map((tool) => tool.name);
  }

  async advanceClock(ms: number): Promise<void> {
    this.clock.advance(ms);
  }

  serverState(serverId: string): ReportedState {
    const state = this.host.serverState(serverId);
    return {
      state: state.state,
      ...(state.failure ? { detail: `${state.failure.kind}: ${state.failure.message}` } : {}),
    };
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.endSessions();
    await this.host.close().catch(() => undefined);
  }

  /** Follows the host's registry, resources and prompts; returns the function that stops following. */
  private follow(): () => void {
    const stops = [
      this.host.onRegistryChange(() => this.reporter.report()),
      this.host.onResourcesChange(() => this.reporter.reportLists()),
      this.host.onPromptsChange(() => this.reporter.reportLists()),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }
}

/** The reference client as the CLI's `reference` client. */
export const referenceClient: ClientAdapterFactory = {
  name: 'reference',
  kind: 'reference',
  description:
    'toolshift’s reference discovery client (@toolshift/reference-client); it has no expected failures.',
  capabilities: {
    // A Streamable HTTP URL (msw intercepts the same fetch calls) or any SDK Transport.
    transports: ['http', 'msw', 'in-memory', 'stdio'],
    features: [
      'multi-server',
      'bearer-auth',
      'model-exposure',
      'manual-refresh',
      'reconnect',
      'reauthorize',
      'host-clock',
      'discovery-state',
      'permission-rules',
      'resources',
      'prompts',
      'restart-client',
    ],
  },
  create: () => new ReferenceClientAdapter(),
};
