import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../../world/server-settings.js';
import type { World } from '../../world/world.js';
import type { HttpRefusal } from '../responses.js';
import { modernHttpRules } from './http-rules.js';

/** The per-request envelope every modern request carries in `params._meta`. */
export interface RequestEnvelope {
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
}

/**
 * Checks that the per-request `_meta` envelope is present (2026-07-28 has no handshake): protocol
 * version and client capabilities are required (-32602 / 400). Whether the version is supported is
 * {@link checkVersionSupported}'s question, asked after the header/body agreement (§5.1 order).
 * @see ../shared/spec/mcp-discovery-spec.md §1.1
 */
export function checkEnvelope(
  params: Record<string, unknown> | undefined,
): { ok: true; envelope: RequestEnvelope } | { ok: false; refusal: HttpRefusal } {
  const meta = params?._meta;
  const metaObject = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
  const version = metaObject[PROTOCOL_VERSION_META_KEY];
  if (typeof version !== 'string')
    return { ok: false, refusal: modernHttpRules.missingMeta(PROTOCOL_VERSION_META_KEY) };
  const capabilities = metaObject[CLIENT_CAPABILITIES_META_KEY];
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    return { ok: false, refusal: modernHttpRules.missingMeta(CLIENT_CAPABILITIES_META_KEY) };
  }
  return {
    ok: true,
    envelope: { protocolVersion: version, clientCapabilities: capabilities as Record<string, unknown> },
  };
}

/**
 * An unsupported `_meta` protocol version gets -32022 / 400 naming every version this server
 * speaks, legacy ones included (§1.3); `undefined` when the version is supported.
 * @see ../shared/spec/mcp-discovery-spec.md §1.3
 */
export function checkVersionSupported(world: World, version: string): HttpRefusal | undefined {
  if ((MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version)) return undefined;
  return modernHttpRules.unsupportedVersion(version, supportedVersions(world));
}

/** Every version this server answers: modern first, then legacy when the legacy era is served. */
export function supportedVersions(world: World): string[] {
  return [
    ...(world.settings.eras.has('modern') ? MODERN_PROTOCOL_VERSIONS : []),
    ...(world.settings.eras.has('legacy') ? LEGACY_PROTOCOL_VERSIONS : []),
  ];
}

/**
 * The `server/discover` result (a `CacheableResult`): modern versions, capabilities, instructions,
 * `ttlMs`/`cacheScope` (`freshness.discoverTtlMs` / `discoverCacheScope`); server identity travels
 * in `_meta` only.
 * @see ../shared/spec/mcp-discovery-spec.md §1.2
 */
export function discoverResult(world: World): Record<string, unknown> {
  const result: Record<string, unknown> = {
    supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
    capabilities: world.capabilities(),
    ttlMs: world.settings.freshness.discoverTtlMs,
    cacheScope: world.settings.freshness.discoverCacheScope,
  };
  if (world.settings.instructions !== undefined) result.instructions = world.settings.instructions;
  return result;
}
