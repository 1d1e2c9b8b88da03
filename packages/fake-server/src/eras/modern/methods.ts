import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import type { Subscription } from '../../world/subscription.js';
import { callTool } from '../../world/tool-caller.js';
import type { World } from '../../world/world.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { WireErrorCode } from '../wire-error.js';
import { discoverResult } from './handshake.js';
import { handleSubscriptionsListen } from './subscriptions-listen.js';

/** What a modern method handler receives. */
export interface ModernCall {
  world: World;
  id: string | number;
  params: Record<string, unknown> | undefined;
  principal: string;
  frame: FrameContext;
  subscriptions: Map<string, Subscription>;
}

/** A modern method handler. */
export type ModernMethod = (call: ModernCall) => HandlerResult;

/** Marks a result complete and names the server in `_meta` (SHOULD on every result, §1.1). */
function complete(world: World, result: Record<string, unknown>): Record<string, unknown> {
  return { resultType: 'complete', ...result, _meta: { [SERVER_INFO_META_KEY]: world.serverInfo() } };
}

/**
 * The modern (2026-07-28) method registry. A method not listed gets 404 + -32601.
 * @see ../shared/spec/mcp-discovery-spec.md §1.2, §2, §3, §4.2
 */
export const MODERN_METHODS: Readonly<Record<string, ModernMethod>> = {
  'server/discover': ({ world }) => ({ kind: 'result', result: complete(world, discoverResult(world)) }),

  'tools/list': ({ world, params }) => {
    const cursor = params?.cursor;
    if (cursor !== undefined && typeof cursor !== 'string') {
      return errorResult(WireErrorCode.InvalidParams, 'Invalid cursor: must be a string');
    }
    const outcome = world.lister.list(cursor);
    if (!outcome.ok) return errorResult(WireErrorCode.InvalidParams, 'Invalid cursor');
    const body: Record<string, unknown> = { tools: outcome.page.tools };
    if (outcome.page.nextCursor !== undefined) body.nextCursor = outcome.page.nextCursor;
    body.ttlMs = world.settings.ttlMs;
    body.cacheScope = world.settings.cacheScope;
    return { kind: 'result', result: complete(world, body), pageServed: outcome.page.page };
  },

  'tools/call': ({ world, params }) => {
    const outcome = callTool(world.catalog, params?.name, params?.arguments);
    if (!outcome.ok) return errorResult(WireErrorCode.InvalidParams, `Unknown tool: ${outcome.name}`);
    return {
      kind: 'result',
      result: complete(world, { content: outcome.content, isError: outcome.isError }),
    };
  },

  'subscriptions/listen': ({ world, subscriptions, id, params, principal, frame }) =>
    handleSubscriptionsListen(world, subscriptions, id, params, principal, frame),
};
