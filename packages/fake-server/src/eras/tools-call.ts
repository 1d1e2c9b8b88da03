import type { Principal } from '../world/principal.js';
import { sampleInstance, violatingInstance } from '../world/schema-instances.js';
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

/**
 * A scripted `tools/call` result: the script's `content` blocks (default: the arguments echoed as
 * one text block), `isError` (default false), `structuredContent` as written, or `structured:
 * valid | invalid | omit` — an instance the called tool's current `outputSchema` accepts, one it
 * rejects, or none (default: a valid one when the tool has an `outputSchema`); other fields as
 * written. The tool need not be listed: the script decides what a call of it answers.
 */
export function scriptedCallResult(
  world: World,
  scripted: Readonly<Record<string, unknown>>,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const { content, isError, structured, structuredContent, ...rest } = structuredClone(
    scripted as Record<string, unknown>,
  );
  const name = typeof params?.name === 'string' ? params.name : undefined;
  const outputSchema = name === undefined ? undefined : world.catalog.get(name)?.outputSchema;
  const result: Record<string, unknown> = {
    content: content ?? [{ type: 'text', text: JSON.stringify(params?.arguments ?? {}) }],
  };
  if (structuredContent !== undefined) {
    result.structuredContent = structuredContent;
  } else if (outputSchema !== undefined && structured !== 'omit') {
    const instance =
      structured === 'invalid' ? violatingInstance(outputSchema) : sampleInstance(outputSchema, 0);
    if (instance !== undefined) result.structuredContent = instance;
  }
  result.isError = isError ?? false;
  return { ...result, ...rest };
}
