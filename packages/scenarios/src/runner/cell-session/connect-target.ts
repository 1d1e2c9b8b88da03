import type { ConnectTarget } from '../../adapters/client-adapter.js';
import type { CellServer } from '../cell-servers.js';
import type { SessionScope } from './session-scope.js';

/**
 * How the client reaches one server of the cell: its URL (or `<transport>://<id>`), transport,
 * era (none in a dual cell), identity, credentials (each connection is its own credential profile,
 * named by its id, never the secret) and the fake model's URLs.
 * @param reuseCache the connect action asks the client to start from its cached listing.
 */
export function connectTarget(scope: SessionScope, server: CellServer, reuseCache: boolean): ConnectTarget {
  return {
    url:
      'url' in server.served.target ? server.served.target.url : `${server.served.transport}://${server.id}`,
    transport: server.served.target,
    // A dual cell gives no preference: the client shows which era it picks by itself.
    ...(scope.era !== 'dual' ? { era: scope.era } : {}),
    serverId: server.id,
    scenarioId: scope.scenario.id,
    ...(server.bearerToken !== undefined
      ? { bearerToken: server.bearerToken, credentialProfileId: server.id }
      : {}),
    ...(reuseCache ? { reuseCache: true } : {}),
    model: scope.servers.model.urls,
  };
}
