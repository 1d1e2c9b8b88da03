import type { Transport } from '@modelcontextprotocol/client';
import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * A transport to a server process the host will not start again: it fails to start, as a host that
 * gave up on the command does.
 */
function notRespawned(): Transport {
  return {
    start: () =>
      Promise.reject(new Error('the host does not start a stdio server again once its process exited')),
    send: () => Promise.reject(new Error('not connected')),
    close: () => Promise.resolve(),
  };
}

/**
 * Spawns each stdio server once: when the process exits, the host keeps it as gone (every later
 * connection attempt fails) instead of spawning it again, so tools the server gained meanwhile
 * never show up. HTTP connections are the reference client's.
 */
class NeverRespawnsStdioServer extends ReferenceClientAdapter {
  private readonly spawned = new Set<string>();

  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const transport = target.transport;
    if (transport.kind !== 'stdio') return super.connect(target, observer);
    const connect = () => {
      if (this.spawned.has(target.serverId)) return notRespawned();
      this.spawned.add(target.serverId);
      return transport.connect();
    };
    // Through a transport factory instead of the host's own process spawning, so the defect
    // decides whether the server process is spawned again.
    return super.connect({ ...target, transport: { kind: 'in-memory', connect } }, observer);
  }
}

export const neverRespawnsStdioServer = defect(
  {
    name: 'never-respawns-stdio-server',
    mistake:
      'Spawns a stdio server once: after its process exits the server stays gone, never spawned again, so what it gained meanwhile is never listed.',
    realWorld: 'RC-05 (a server restart loses state; the client must reconnect and re-list); issue 10',
    caughtBy: ['scenario:stdio-server-respawned'],
  },
  () => new NeverRespawnsStdioServer(),
  referenceClient,
);
