import type { ServerConnection } from '../connection/server-connection.js';
import { describeEndpoint } from '../connection/server-endpoint.js';
import type { DiscoveryScope } from '../discovery-effects/discovery-scope.js';
import type { MachineState } from '../discovery-machine/machine-state.js';
import type { Era } from '../snapshot/discovered-tool.js';
import { entryRegistry } from './host-context.js';
import type { ServerState } from './server-state.js';

/** What the connections of a server tell its status: the negotiated revision, the newest connection. */
export interface ConnectionFacts {
  negotiatedRevision: { era: Era; protocolRevision: string } | undefined;
  newest: ServerConnection | undefined;
}

/** The server's status now. A `ready` snapshot past its TTL reads as `stale`. */
export function serverStatus(scope: DiscoveryScope, connections: ConnectionFacts): ServerState {
  const { host } = scope;
  const { serverId } = scope.config();
  const machine = scope.machine();
  const tools = machine.lists.tools!;
  const verified = host.registry.snapshot(serverId);
  const expired = verified?.isExpired(host.clock.now()) === true;
  const state = tools.phase === 'ready' && expired ? 'stale' : tools.phase;
  const connected = isConnected(machine);
  const negotiated = connections.negotiatedRevision;
  const newest = connections.newest;
  return {
    serverId,
    state,
    ...(negotiated ? { era: negotiated.era } : {}),
    ...(negotiated ? { protocolRevision: negotiated.protocolRevision } : {}),
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
    endpoint: describeEndpoint(scope.endpoint()),
    ...(scope.kinds().length > 1 ? { lists: listStatuses(scope) } : {}),
    ...(newest?.process ? { process: newest.process } : {}),
    ...(newest?.negotiationFallback ? { negotiationFallback: newest.negotiationFallback } : {}),
  };
}

/** The state of the prompts and resources lists this server discovers. */
export function listStatuses(scope: DiscoveryScope): ServerState['lists'] {
  const { host } = scope;
  const { serverId } = scope.config();
  const machine = scope.machine();
  const statuses: NonNullable<ServerState['lists']> = {};
  const connected = isConnected(machine);
  for (const list of scope.kinds()) {
    if (list === 'tools') continue;
    const state = machine.lists[list]!;
    const verified = entryRegistry(host, list).snapshot(serverId);
    const expired = verified?.isExpired(host.clock.now()) === true;
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

function isConnected(machine: MachineState): boolean {
  return machine.connection.step !== 'none' && machine.connection.step !== 'opening';
}
