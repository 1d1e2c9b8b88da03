import type { Transport } from '@modelcontextprotocol/client';
import type {
  AdapterCallOutcome,
  AgentTurnReport,
  ClientAdapter,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ReportedState,
} from '../../adapters/client-adapter.js';
import type { AdapterMethod, PortableTarget, PortableTransport } from './client-process-protocol.js';

/** What a remote adapter needs of its cell. */
export interface AdapterLink {
  /**
   * Calls `method` of the adapter in the client process; resolves with its answer, checked against
   * the method's shape (see `answerProblem`), and rejects with the client's error (its message,
   * `code` and `phase` kept) or when the answer cannot be read. `observer` receives what the client
   * reports through the observer it is given (for `connect`).
   */
  call(method: AdapterMethod, args: unknown[], observer?: ClientObserver): Promise<unknown>;
  /** Registers an in-memory target's `connect`; returns the endpoint number the client process asks for. */
  endpoint(connect: () => Transport): number;
}

/**
 * A `ClientAdapter` whose client runs in a client process: every method is a request to that
 * process (see `ClientProcess`), and it has exactly the optional methods the client's own adapter
 * has (`methods`), so the runner's feature checks see the same adapter. Targets cross as plain data
 * (`PortableTarget`); results come back checked. `failure()` is what the client's own adapter said
 * after `close()`.
 */
export function remoteClientAdapter(link: AdapterLink, methods: ReadonlySet<AdapterMethod>): ClientAdapter {
  const endpoints = new Map<() => Transport, number>();
  const portable = (target: ConnectTarget): PortableTarget => {
    const { transport, cellServers, ...rest } = target;
    let carried: PortableTransport;
    if (transport.kind === 'in-memory') {
      const connect = transport.connect;
      if (!endpoints.has(connect))
        endpoints.set(
          connect,
          link.endpoint(() => connect()),
        );
      carried = { kind: 'in-memory', endpoint: endpoints.get(connect)! };
    } else if (transport.kind === 'stdio')
      carried = { kind: 'stdio', command: transport.command, args: [...transport.args] };
    else carried = { kind: transport.kind, url: transport.url };
    return {
      ...rest,
      transport: carried,
      ...(cellServers ? { cellServers: cellServers.map(portable) } : {}),
    };
  };
  let failure: string | undefined;
  const adapter: ClientAdapter = {
    async connect(target, observer) {
      await link.call('connect', [portable(target)], observer);
    },
    async callTool(toolName, args, serverId) {
      return (await link.call('callTool', [toolName, args, serverId])) as AdapterCallOutcome;
    },
    async close() {
      const answer = (await link.call('close', [])) as { failure?: string };
      failure = answer.failure;
    },
    failure: () => failure,
  };
  const optional: Partial<Record<AdapterMethod, (...args: never[]) => unknown>> = {
    grant: async (serverId: string, toolName: string) => {
      await link.call('grant', [serverId, toolName]);
    },
    modelRequest: async (options: { provider?: string }): Promise<ModelRequest> => {
      const request = (await link.call('modelRequest', [options])) as ModelRequest;
      // `exchange` and `strictTools` are the runner's to set, from the wire.
      return {
        tools: request.tools,
        withheld: request.withheld,
        ...(request.estimatedTokens !== undefined ? { estimatedTokens: request.estimatedTokens } : {}),
        ...(request.perServerTokens !== undefined ? { perServerTokens: request.perServerTokens } : {}),
        ...(request.reportedToolCount !== undefined ? { reportedToolCount: request.reportedToolCount } : {}),
      };
    },
    modelCall: async (name: string, args: Record<string, unknown>, options: { provider?: string }) =>
      (await link.call('modelCall', [name, args, options])) as ModelCallResult,
    agentTurn: async (request: { prompt: string; provider?: string }) =>
      ((await link.call('agentTurn', [request])) as AgentTurnReport | null) ?? undefined,
    refresh: async (serverId: string) => {
      await link.call('refresh', [serverId]);
    },
    reconnect: async (serverId: string) => {
      await link.call('reconnect', [serverId]);
    },
    restartClient: async () => {
      await link.call('restartClient', []);
    },
    reauthorize: async (serverId: string, bearerToken: string) => {
      await link.call('reauthorize', [serverId, bearerToken]);
    },
    advanceClock: async (ms: number) => {
      await link.call('advanceClock', [ms]);
    },
    serverState: async (serverId: string) => (await link.call('serverState', [serverId])) as ReportedState,
    restart: async () => {
      await link.call('restart', []);
    },
  };
  for (const [method, implementation] of Object.entries(optional))
    if (methods.has(method as AdapterMethod)) Object.assign(adapter, { [method]: implementation });
  return adapter;
}
