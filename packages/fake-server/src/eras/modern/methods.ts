import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import { LIST_KINDS, LIST_SPECS, type ListKind } from '../../world/list-kind.js';
import type { Principal } from '../../world/principal.js';
import type { Subscription } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import { listPage } from '../list-page.js';
import type { HandlerResult } from '../method-handler.js';
import { errorResult } from '../method-handler.js';
import { getPrompt } from '../prompts-get.js';
import { readResource } from '../resources-read.js';
import { callToolAs } from '../tools-call.js';
import { WireErrorCode } from '../wire-error.js';
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
export function complete(world: World, result: Record<string, unknown>): Record<string, unknown> {
  return { resultType: 'complete', ...result, _meta: { [SERVER_INFO_META_KEY]: world.serverInfo() } };
}

/** 404 + -32601 for a method of a list the script does not serve. */
function notServed(method: string): HandlerResult {
  return errorResult(WireErrorCode.MethodNotFound, `Method not found: ${method}`, undefined, 404);
}

/** A listing method: `{ <items>: [...], nextCursor?, ttlMs, cacheScope }`, complete. */
function listMethod(kind: ListKind): ModernMethod {
  const { method, resultKey } = LIST_SPECS[kind];
  return ({ world, params, principal }) => {
    if (!world.lists.serves(kind)) return notServed(method);
    const listed = listPage(world, kind, params, principal);
    if (!listed.ok) return listed.error;
    const { page } = listed;
    const body: Record<string, unknown> = { [resultKey]: page.items };
    if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
    body.ttlMs = world.listTtlMs(page.page, kind);
    body.cacheScope = world.listCacheScope(page.page, kind);
    return { kind: 'result', result: complete(world, body), pageServed: { list: kind, page: page.page } };
  };
}

/**
 * The modern (2026-07-28) method registry. A method not listed gets 404 + -32601. Listings of
 * resources, resource templates and prompts (and reading and getting) are answered only when the
 * script serves those lists; otherwise they are 404 + -32601 too. Resource subscriptions travel in
 * `subscriptions/listen` (`resources/subscribe` is gone in this revision).
 * @see ../shared/spec/mcp-discovery-spec.md §1.2, §2, §3, §4.2, §7, §8
 */
export const MODERN_METHODS: Readonly<Record<string, ModernMethod>> = {
  'server/discover': ({ world }) => ({ kind: 'result', result: complete(world, discoverResult(world)) }),

  ...Object.fromEntries(LIST_KINDS.map((kind) => [LIST_SPECS[kind].method, listMethod(kind)])),

  'resources/read': ({ world, params, principal }) => {
    if (!world.lists.serves('resources')) return notServed('resources/read');
    const read = readResource(world, params, principal, 'modern');
    if (!read.ok) return read.error;
    return {
      kind: 'result',
      result: complete(world, {
        contents: read.contents,
        ttlMs: world.listTtlMs(0, 'resources'),
        cacheScope: world.listCacheScope(0, 'resources'),
      }),
    };
  },

  'prompts/get': ({ world, params, principal }) => {
    if (!world.lists.serves('prompts')) return notServed('prompts/get');
    const got = getPrompt(world, params, principal);
    if (!got.ok) return got.error;
    const { ok: _ok, ...result } = got;
    return { kind: 'result', result: complete(world, result) };
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
