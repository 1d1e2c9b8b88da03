import type { LegacySession } from '../../world/legacy-session.js';
import type { Principal } from '../../world/principal.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../../world/server-settings.js';
import type { World } from '../../world/world.js';

/** The `initialize` result for a session at `protocolVersion`. */
export function initializeResult(world: World, protocolVersion: string): Record<string, unknown> {
  const result: Record<string, unknown> = {
    protocolVersion,
    capabilities: world.capabilities(),
    serverInfo: world.serverInfo(),
  };
  if (world.settings.instructions !== undefined) result.instructions = world.settings.instructions;
  return result;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with `initialize` params, or `undefined` when they have what the 2025-11-25 schema
 * requires (`InitializeRequestParams`): a string `protocolVersion`, a `capabilities` object and a
 * `clientInfo` object with string `name` and `version`.
 * @see ../shared/spec/mcp-discovery-spec.md §1.5
 */
export function initializeParamsProblem(params: Record<string, unknown> | undefined): string | undefined {
  if (params === undefined) return 'initialize needs params';
  if (typeof params.protocolVersion !== 'string') return 'params.protocolVersion must be a string';
  if (!isObject(params.capabilities)) return 'params.capabilities must be an object';
  const clientInfo = params.clientInfo;
  if (!isObject(clientInfo) || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string')
    return 'params.clientInfo must be an object with string name and version';
  return undefined;
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
    id: world.newSessionId(),
    protocolVersion,
    initialized: false,
    principal,
    lastSeenMs: world.clock.now(),
    postStreams: [],
    histories: new Map(),
    resourceSubscriptions: new Set(),
    ...(clientInfo ? { clientInfo } : {}),
  };
  return { session, result: initializeResult(world, protocolVersion) };
}
