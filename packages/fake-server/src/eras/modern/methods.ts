import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import type { Principal } from '../../world/principal.js';
import type { Subscription } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import type { HandlerResult } from '../method-handler.js';
import { callToolAs } from '../tools-call.js';
import { listToolsPage } from '../tools-list.js';
import { discoverResult } from './handshake.js';
import { handleSubscriptionsListen } from './subscriptions-listen.js';

/** What a modern method handler receives. */
export interface ModernCall {
  world: World;
  id: string | number;
  params: Record<string, unknown> | undefined;
  principal: Principal;
  frame: FrameContext;
  subscriptions: Map<string, Subscription>;
  /** The stdio/in-memory connection the request arrived on. */
  connectionId?: string;
}

/** A modern method handler. */
export type ModernMethod = (call: ModernCall) => HandlerResult;

/** Marks a result complete and names the server in `_meta` (SHOULD on every result, §1.1). */
function complete(world: World, result: Record<string, unknown>): Record<string, unknown> {
  return { resultType: 'complete', ...result, _meta: { [SERVER_INFO_META_KEY]: world.serverInfo() } };
}

/**
 * The modern (2026-07-28) method registry. A method not listed gets 404 + -32601.
 * @see ../shared/spec/mcp-discovery-spec.md §1.2, §2, §3, §4.2, §7
 */
export const MODERN_METHODS: Readonly<Record<string, ModernMethod>> = {
  'server/discover': ({ world }) => ({ kind: 'result', result: complete(world, discoverResult(world)) }),

  'tools/list': ({ world, params, principal }) => {
    const listed = listToolsPage(world, params, principal);
    if (!listed.ok) return listed.error;
    const { page } = listed;
    const body: Record<string, unknown> = { tools: page.tools };
    if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
    body.ttlMs = world.listTtlMs(page.page);
    body.cacheScope = world.listCacheScope(page.page);
    return { kind: 'result', result: complete(world, body), pageServed: page.page };
  },

  'tools/call': ({ world, params, principal }) => {
    const called = callToolAs(world, params, principal);
    if (!called.ok) return called.error;
    const { content, structuredContent, isError } = called.outcome;
    return {
      kind: 'result',
      result: complete(world, {
        content,
        ...(structuredContent !== undefined ? { structuredContent } : {}),
        isError,
      }),
    };
  },

  'subscriptions/listen': ({ world, subscriptions, id, params, principal, frame, connectionId }) =>
    handleSubscriptionsListen(world, subscriptions, id, params, principal, frame, connectionId),
};
