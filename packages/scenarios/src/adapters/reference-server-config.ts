import type { ServerConfig } from '@toolshift/reference-client';
import type { ConnectTarget } from './client-adapter.js';

/**
 * The reference client's configuration of one cell server: how to reach it (HTTP and msw: a URL;
 * stdio: a server process the host spawns and respawns; in-memory: a fresh SDK Transport for every
 * connection), the era it prefers, its credentials and whether it may start from its cache.
 */
export function referenceServerConfig(target: ConnectTarget): ServerConfig {
  const transport = target.transport;
  return {
    serverId: target.serverId,
    ...(transport.kind === 'stdio'
      ? { stdio: { command: transport.command, args: transport.args } }
      : 'connect' in transport
        ? { transport: () => transport.connect(), transportName: transport.kind }
        : { url: transport.url }),
    // A modern cell means "prefer 2026-07-28": the host negotiates (and falls back) like any host
    // would. A dual cell gives no preference: the host's default (`auto`) applies.
    ...(target.era === 'modern'
      ? { era: 'auto' as const }
      : target.era === 'legacy'
        ? { era: 'legacy' as const }
        : {}),
    ...(target.bearerToken !== undefined
      ? {
          bearerToken: target.bearerToken,
          credentialProfileId: target.credentialProfileId ?? `${target.serverId}#credentials-0`,
        }
      : {}),
    ...(target.reuseCache ? { strategy: 'cached-with-refresh' as const } : {}),
  };
}
