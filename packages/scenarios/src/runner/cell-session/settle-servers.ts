import type { CellServer } from '../cell-servers.js';
import { principalOf } from '../evaluate-checks.js';
import { settle } from '../settle.js';
import type { SessionScope } from './session-scope.js';

/**
 * Runs {@link settle} on `servers` with the session's bounds, or the action's own where it states
 * them: until the client's exposure matches each server's catalog (`catalog`), or only until the
 * wire is quiet (`quiet`).
 * @param awaitSignals wait for change signals the client has not answered yet.
 */
export function settleServers(
  scope: SessionScope,
  servers: readonly CellServer[],
  until: 'catalog' | 'quiet',
  awaitSignals: boolean,
  bounds: { quietMs?: number; timeoutMs?: number } = {},
): ReturnType<typeof settle> {
  const targets = servers.map((server) => ({
    serverId: server.id,
    server: server.fake,
    // Connections with credentials are told apart by principal; without, every request counts.
    ...(server.bearerToken !== undefined
      ? { principal: principalOf(server.fake.script, server.bearerToken) }
      : {}),
  }));
  return settle(
    targets,
    () => scope.exposures.latest(),
    (listener) => scope.exposures.subscribe(listener),
    {
      timeoutMs: bounds.timeoutMs ?? scope.timeouts.settleTimeoutMs,
      quietMs: bounds.quietMs ?? scope.timeouts.quietMs,
      until,
      awaitSignals,
      exposures: (serverId) => scope.log.exposures(serverId),
      reportsExposures: scope.timeouts.wireOnly !== true,
    },
  );
}
