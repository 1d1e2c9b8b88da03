import type { LegacySession } from '../../world/legacy-session.js';
import { LIST_KINDS, LIST_SPECS, type ListKind } from '../../world/list-kind.js';
import type { Principal } from '../../world/principal.js';
import type { World } from '../../world/world.js';
import { listPage } from '../list-page.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { getPrompt } from '../prompts-get.js';
import { readResource } from '../resources-read.js';
import { callToolAs } from '../tools-call.js';
import { WireErrorCode } from '../wire-error.js';

/** What a legacy method handler receives. */
export interface LegacyCall {
  world: World;
  params: Record<string, unknown> | undefined;
  session: LegacySession;
  principal: Principal;
}

/** A legacy method handler: params in, result or error out. */
export type LegacyMethod = (call: LegacyCall) => HandlerResult;

/** -32601 for a method of a list the script does not serve. */
function notServed(method: string): HandlerResult {
  return errorResult(WireErrorCode.MethodNotFound, `Method not found: ${method}`);
}

/** A listing method: `{ <items>: [...], nextCursor? }`. */
function listMethod(kind: ListKind): LegacyMethod {
  const { method, resultKey } = LIST_SPECS[kind];
  return ({ world, params, principal }) => {
    if (!world.lists.serves(kind)) return notServed(method);
    const listed = listPage(world, kind, params, principal);
    if (!listed.ok) return listed.error;
    const result: Record<string, unknown> = { [resultKey]: listed.page.items };
    if (listed.page.nextCursor !== undefined) result.nextCursor = listed.page.nextCursor;
    return { kind: 'result', result, pageServed: { list: kind, page: listed.page.page } };
  };
}

/** `resources/subscribe` / `resources/unsubscribe`: the session's subscriptions to resource updates. */
function subscriptionMethod(method: 'resources/subscribe' | 'resources/unsubscribe'): LegacyMethod {
  return ({ world, params, session }) => {
    if (!world.lists.serves('resources') || !world.settings.resourcesSubscribe) return notServed(method);
    const uri = params?.uri;
    if (typeof uri !== 'string' || uri.length === 0)
      return errorResult(WireErrorCode.InvalidParams, `Invalid params: ${method} needs params.uri`);
    if (method === 'resources/subscribe') session.resourceSubscriptions.add(uri);
    else session.resourceSubscriptions.delete(uri);
    return { kind: 'result', result: {} };
  };
}

/**
 * The legacy (2025-11-25) method registry. A method not listed here gets -32601; `initialize` is
 * answered by the handshake before the registry is consulted. Listings of resources, resource
 * templates and prompts (and reading, getting, subscribing) are answered only when the script serves
 * those lists; otherwise they are -32601 too.
 * @see ../shared/spec/mcp-discovery-spec.md §2, §3, §8
 */
export const LEGACY_METHODS: Readonly<Record<string, LegacyMethod>> = {
  ping: () => ({ kind: 'result', result: {} }),

  ...Object.fromEntries(LIST_KINDS.map((kind) => [LIST_SPECS[kind].method, listMethod(kind)])),

  'tools/call': ({ world, params, principal }) => {
    const called = callToolAs(world, params, principal);
    if (!called.ok) return called.error;
    const { content, structuredContent, isError } = called.outcome;
    return {
      kind: 'result',
      result: { content, ...(structuredContent !== undefined ? { structuredContent } : {}), isError },
    };
  },

  'resources/read': ({ world, params, principal }) => {
    if (!world.lists.serves('resources')) return notServed('resources/read');
    const read = readResource(world, params, principal, 'legacy');
    return read.ok ? { kind: 'result', result: { contents: read.contents } } : read.error;
  },

  'resources/subscribe': subscriptionMethod('resources/subscribe'),
  'resources/unsubscribe': subscriptionMethod('resources/unsubscribe'),

  'prompts/get': ({ world, params, principal }) => {
    if (!world.lists.serves('prompts')) return notServed('prompts/get');
    const got = getPrompt(world, params, principal);
    if (!got.ok) return got.error;
    const { ok: _ok, ...result } = got;
    return { kind: 'result', result };
  },
};
