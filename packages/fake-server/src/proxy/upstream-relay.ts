import type { HandlerResult } from '../eras/method-handler.js';
import type { MethodRelay, RelayRequest } from '../eras/method-relay.js';
import { LIST_KINDS, LIST_SPECS, type ListKind } from '../world/list-kind.js';
import type { World } from '../world/world.js';
import type { CatalogMirror } from './catalog-mirror.js';

/** Methods the proxy's world answers itself: the handshake, the tool list (the view) and subscriptions. */
const OWNED = new Set(['server/discover', 'initialize', 'ping', 'tools/list', 'subscriptions/listen']);

/** Methods of a list other than tools, by list: answered by the world when the overlay serves that list. */
const LIST_METHODS: ReadonlyMap<string, ListKind> = new Map([
  ...LIST_KINDS.filter((kind) => kind !== 'tools').map((kind) => [LIST_SPECS[kind].method, kind] as const),
  ['resources/read', 'resources'],
  ['resources/subscribe', 'resources'],
  ['resources/unsubscribe', 'resources'],
  ['prompts/get', 'prompts'],
]);

/**
 * The proxy's {@link MethodRelay}: every request the world does not own goes to the upstream
 * (`tools/call`, resources and prompts the overlay does not serve, completions, logging, and
 * methods nobody knows: the upstream's own -32601 is the answer). A `tools/call` is relayed only
 * for a tool of the view that the principal sees and that the upstream has (under the name the
 * upstream knows); a tool the overlay removed, hid or never had is left to the era engine, which
 * answers -32602 "Unknown tool" (§3), and a tool only the overlay serves is answered by the world.
 * @see ../shared/spec/mcp-discovery-spec.md §3
 */
export function createUpstreamRelay(world: World, mirror: CatalogMirror): MethodRelay {
  return {
    handlerFor(request: RelayRequest): (() => HandlerResult) | undefined {
      const { method } = request;
      if (OWNED.has(method)) return undefined;
      const list = LIST_METHODS.get(method);
      if (list !== undefined && world.lists.serves(list)) return undefined;
      if (method === 'tools/call') return relayCall(world, mirror, request);
      return () => ({ kind: 'result', result: {}, relay: request });
    },
  };
}

function relayCall(
  world: World,
  mirror: CatalogMirror,
  request: RelayRequest,
): (() => HandlerResult) | undefined {
  const name = request.params?.name;
  if (typeof name !== 'string' || name === '') return undefined;
  const tool = world.catalog.get(name);
  if (!tool || !world.access.visible(tool, request.principal)) return undefined;
  const upstreamName = mirror.upstreamName(name);
  if (upstreamName === undefined) return undefined;
  const relay: RelayRequest = { ...request, params: { ...request.params, name: upstreamName } };
  return () => ({ kind: 'result', result: {}, relay });
}
