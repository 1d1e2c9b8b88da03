import type { AuditTrail } from '../audit/audit-trail.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { HostClock } from '../freshness/host-clock.js';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { ServerDiscovery } from '../registry/server-discovery.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { AdaptationCache } from './adaptation-cache.js';
import { buildExposure, type ExposeOptions } from './build-exposure.js';
import type { ProviderAdapter } from './provider-adapter.js';
import type { StaleServer, ToolExposure } from './tool-exposure.js';

/** What {@link exposeTools} works with: the host's servers, registry, policy and settings. */
export interface ExposureDeps {
  providers: ReadonlyMap<string, ProviderAdapter>;
  /** Every server's discovery, in the order they were added. */
  discoveries: readonly ServerDiscovery[];
  registry: ToolRegistry;
  permissions: PermissionPolicy;
  adaptations: AdaptationCache;
  withholdSuspicious: boolean;
  /** Longest wait for a first listing or a change signal's re-list, ms. */
  changeWaitMs: number;
  clock: HostClock;
  audit: AuditTrail;
}

/**
 * The model-facing tool set for one request (`DiscoveryHost.expose`): waits for the listings the
 * request depends on (see there), builds the exposure and records it in the audit trail.
 * @throws {ToolshiftError} PROVIDER_UNKNOWN, PROVIDER_TOOL_LIMIT, HOST_INVALID_CONFIG (`maxTools`
 * not a non-negative integer).
 * @see ../shared/cases/discovery-cases.md LC-06, RM-01, LG-02
 */
export async function exposeTools(options: ExposeOptions, deps: ExposureDeps): Promise<ToolExposure> {
  const adapter = deps.providers.get(options.provider);
  if (!adapter) {
    throw new ToolshiftError('PROVIDER_UNKNOWN', `No provider adapter ${JSON.stringify(options.provider)}.`, {
      provider: options.provider,
      known: [...deps.providers.keys()],
    });
  }
  if (options.maxTools !== undefined && !(Number.isInteger(options.maxTools) && options.maxTools >= 0)) {
    throw new ToolshiftError('HOST_INVALID_CONFIG', 'maxTools must be a non-negative integer.', {
      field: 'maxTools',
      reason: 'not a non-negative integer',
    });
  }
  const now = deps.clock.now();
  const changes = await Promise.all(
    deps.discoveries
      .filter((discovery) =>
        deps.permissions.isServerEnabled(discovery.serverConfig.serverId, options.chatId),
      )
      .map(async (discovery): Promise<StaleServer | undefined> => {
        const { serverId } = discovery.serverConfig;
        if (deps.registry.snapshot(serverId)?.isExpired(now)) {
          void discovery.refresh('expired-on-use');
        }
        if ((await discovery.awaitLoaded(deps.changeWaitMs)).pending) {
          return {
            serverId,
            reason: 'listing-pending',
            detail: `the first listing did not finish within ${deps.changeWaitMs} ms`,
          };
        }
        const change = await discovery.awaitChanges(deps.changeWaitMs);
        if (change.current || !deps.registry.snapshot(serverId)) return undefined;
        return { serverId, reason: change.reason, detail: change.detail };
      }),
  );
  const staleServers = changes.filter((change) => change !== undefined);
  const exposure = buildExposure(options, {
    tools: deps.registry.tools(),
    adapter,
    permissions: deps.permissions,
    cache: deps.adaptations,
    withholdSuspicious: deps.withholdSuspicious,
    staleServers,
  });
  if (options.record !== false) {
    deps.audit.record(
      {
        type: 'exposure',
        provider: adapter.id,
        ...(options.chatId !== undefined ? { chatId: options.chatId } : {}),
        tools: exposure.tools.map(({ serverId, toolName, contractHash, alias }) => ({
          serverId,
          toolName,
          contractHash,
          alias,
        })),
        withheld: exposure.withheld.map(({ serverId, toolName, reason }) => ({
          serverId,
          toolName,
          reason,
        })),
        estimatedTokens: exposure.budget.estimatedTokens,
        ...(staleServers.length > 0
          ? { staleServers: staleServers.map(({ serverId, reason }) => ({ serverId, reason })) }
          : {}),
      },
      deps.clock.now(),
    );
  }
  return exposure;
}
