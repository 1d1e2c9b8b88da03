import type { Principal } from '../world/principal.js';
import { type CallOutcome, callTool } from '../world/tool-caller.js';
import type { World } from '../world/world.js';
import { errorResult, type HandlerResult } from './method-handler.js';
import { WireErrorCode } from './wire-error.js';

/**
 * The era-independent part of `tools/call`: a tool missing from the catalog, or hidden from the
 * principal (`auth.hiddenTools: hide`), is an unknown tool (-32602, §3), as are a missing or empty
 * `name` and non-object `arguments`; anything else runs.
 * Scopes were checked before (`checkMethodScopes`).
 * @see ../shared/spec/mcp-discovery-spec.md §3, §11.9
 */
export function callToolAs(
  world: World,
  params: Record<string, unknown> | undefined,
  principal: Principal,
): { ok: true; outcome: Extract<CallOutcome, { ok: true }> } | { ok: false; error: HandlerResult } {
  const name = params?.name;
  if (typeof name !== 'string' || name.length === 0) {
    return {
      ok: false,
      error: errorResult(
        WireErrorCode.InvalidParams,
        'Invalid params: tools/call needs params.name, a non-empty string',
      ),
    };
  }
  const args = params?.arguments;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    return {
      ok: false,
      error: errorResult(
        WireErrorCode.InvalidParams,
        'Invalid params: tools/call params.arguments must be an object',
      ),
    };
  }
  const tool = world.catalog.get(name);
  const outcome =
    tool && world.access.visible(tool, principal)
      ? callTool(world.catalog, name, params?.arguments)
      : undefined;
  if (!outcome?.ok) {
    return { ok: false, error: errorResult(WireErrorCode.InvalidParams, `Unknown tool: ${String(name)}`) };
  }
  return { ok: true, outcome };
}
