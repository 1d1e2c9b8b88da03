import type { LegacySession } from '../../world/legacy-session.js';
import type { Principal } from '../../world/principal.js';
import type { World } from '../../world/world.js';
import type { HandlerResult } from '../method-handler.js';
import { callToolAs } from '../tools-call.js';
import { listToolsPage } from '../tools-list.js';

/** What a legacy method handler receives. */
export interface LegacyCall {
  world: World;
  params: Record<string, unknown> | undefined;
  session: LegacySession;
  principal: Principal;
}

/** A legacy method handler: params in, result or error out. */
export type LegacyMethod = (call: LegacyCall) => HandlerResult;

/**
 * The legacy (2025-11-25) method registry. A method not listed here gets -32601; `initialize` is
 * answered by the handshake before the registry is consulted.
 * @see ../shared/spec/mcp-discovery-spec.md §2, §3
 */
export const LEGACY_METHODS: Readonly<Record<string, LegacyMethod>> = {
  ping: () => ({ kind: 'result', result: {} }),

  'tools/list': ({ world, params, principal }) => {
    const listed = listToolsPage(world, params, principal);
    if (!listed.ok) return listed.error;
    const result: Record<string, unknown> = { tools: listed.page.tools };
    if (listed.page.nextCursor !== undefined) result.nextCursor = listed.page.nextCursor;
    return { kind: 'result', result, pageServed: listed.page.page };
  },

  'tools/call': ({ world, params, principal }) => {
    const called = callToolAs(world, params, principal);
    if (!called.ok) return called.error;
    const { content, structuredContent, isError } = called.outcome;
    return {
      kind: 'result',
      result: { content, ...(structuredContent !== undefined ? { structuredContent } : {}), isError },
    };
  },
};
