import type { LegacySession } from '../../world/legacy-session.js';
import type { Principal } from '../../world/principal.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../../world/server-settings.js';
import type { World } from '../../world/world.js';

/** The `initialize` result for a session at `protocolVersion`. */
export function initializeResult(world: World, protocolVersion: string): Record<string, unknown> {
  const result: Record<string, unknown> = {
    protocolVersion,
    capabilities: { tools: { listChanged: world.settings.toolsListChanged } },
    serverInfo: world.serverInfo(),
  };
  if (world.settings.instructions !== undefined) result.instructions = world.settings.instructions;
  return result;
}

/**
 * Answers `initialize` (2025-11-25 lifecycle): echoes a supported requested version, otherwise
 * offers the newest legacy version (not an error, §1.5); creates the session.
 * @see ../shared/spec/mcp-discovery-spec.md §1.5
 */
export function initialize(
  world: World,
  params: Record<string, unknown> | undefined,
  principal: Principal,
): { session: LegacySession; result: Record<string, unknown> } {
  const requested = typeof params?.protocolVersion === 'string' ? params.protocolVersion : undefined;
  const protocolVersion =
    requested && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
      ? requested
      : LEGACY_PROTOCOL_VERSIONS[0];
  const clientInfo = params?.clientInfo as LegacySession['clientInfo'];
  const session: LegacySession = {
    id: world.random.token(32),
    protocolVersion,
    initialized: false,
    principal,
    lastSeenMs: world.clock.now(),
    postStreams: [],
    histories: new Map(),
    ...(clientInfo ? { clientInfo } : {}),
  };
  return { session, result: initializeResult(world, protocolVersion) };
}
