import type { Principal } from '../world/principal.js';
import type { World } from '../world/world.js';
import { insufficientScope } from './auth-challenge.js';
import type { HandlerResult } from './method-handler.js';

/**
 * The authorization step-up check every era runs before a method (and before opening its response
 * stream): `tools/list` needs `auth.listScopes`; `tools/call` needs `auth.callScopes`, plus the
 * tool's own scopes when `hiddenTools` is `forbid` or `hide-and-forbid`. A principal lacking any
 * gets 403 with one `insufficient_scope` challenge naming every scope the operation needs.
 * `resources/read` and `prompts/get` need the item's own scopes under the same policies.
 * Returns `undefined` when the request may proceed.
 * @see ../shared/spec/mcp-discovery-spec.md §6 (Runtime step-up), §11.9
 */
export function checkMethodScopes(
  world: World,
  method: string,
  params: Record<string, unknown> | undefined,
  principal: Principal,
  resourceMetadataUrl: string | undefined,
): HandlerResult | undefined {
  const access = world.access;
  if (method === 'tools/list') {
    if (access.missing(principal, access.listScopes).length === 0) return undefined;
    return insufficientScope(access.listScopes, resourceMetadataUrl, 'tools/list');
  }
  if (method === 'resources/read' || method === 'prompts/get') {
    // Resources and prompts follow the tools' hidden-item policy: `forbid` lists them and refuses their use.
    const kind = method === 'resources/read' ? 'resources' : 'prompts';
    const key = method === 'resources/read' ? params?.uri : params?.name;
    if (typeof key !== 'string' || access.hiddenTools === 'hide' || !world.lists.of(kind).has(key))
      return undefined;
    const needed = world.accessOf(kind).scopesFor(key);
    if (access.missing(principal, needed).length === 0) return undefined;
    return insufficientScope(
      needed,
      resourceMetadataUrl,
      `The ${kind === 'resources' ? 'resource' : 'prompt'} '${key}'`,
    );
  }
  if (method !== 'tools/call') return undefined;
  const name = typeof params?.name === 'string' ? params.name : undefined;
  const toolScopes =
    name !== undefined && access.hiddenTools !== 'hide' && world.catalog.has(name)
      ? access.scopesFor(name)
      : [];
  const needed = [...new Set([...access.callScopes, ...toolScopes])];
  if (access.missing(principal, needed).length === 0) return undefined;
  return insufficientScope(
    needed,
    resourceMetadataUrl,
    name === undefined ? 'tools/call' : `The tool '${name}'`,
  );
}
