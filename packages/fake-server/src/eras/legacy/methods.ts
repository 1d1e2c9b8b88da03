import type { LegacySession } from '../../world/legacy-session.js';
import { callTool } from '../../world/tool-caller.js';
import type { World } from '../../world/world.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { WireErrorCode } from '../wire-error.js';

/** A legacy method handler: params in, result or error out. */
export type LegacyMethod = (
  world: World,
  params: Record<string, unknown> | undefined,
  session: LegacySession,
) => HandlerResult;

/**
 * The legacy (2025-11-25) method registry. A method not listed here gets -32601; `initialize` is
 * answered by the handshake before the registry is consulted.
 * @see ../shared/spec/mcp-discovery-spec.md §2, §3
 */
export const LEGACY_METHODS: Readonly<Record<string, LegacyMethod>> = {
  ping: () => ({ kind: 'result', result: {} }),

  'tools/list': (world, params) => {
    const cursor = params?.cursor;
    if (cursor !== undefined && typeof cursor !== 'string') {
      return errorResult(WireErrorCode.InvalidParams, 'Invalid cursor: must be a string');
    }
    const outcome = world.lister.list(cursor);
    if (!outcome.ok) return errorResult(WireErrorCode.InvalidParams, 'Invalid cursor');
    const result: Record<string, unknown> = { tools: outcome.page.tools };
    if (outcome.page.nextCursor !== undefined) result.nextCursor = outcome.page.nextCursor;
    return { kind: 'result', result, pageServed: outcome.page.page };
  },

  'tools/call': (world, params) => {
    const outcome = callTool(world.catalog, params?.name, params?.arguments);
    if (!outcome.ok) return errorResult(WireErrorCode.InvalidParams, `Unknown tool: ${outcome.name}`);
    return { kind: 'result', result: { content: outcome.content, isError: outcome.isError } };
  },
};
