import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import { LIST_FAMILIES, type ListFamily, listChangedMethod, listenFilterKey } from '../../world/list-kind.js';
import type { Principal } from '../../world/principal.js';
import type { Subscription, SubscriptionFilter } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { WireErrorCode } from '../wire-error.js';

/**
 * Opens a `subscriptions/listen` stream. The acknowledgement
 * (`notifications/subscriptions/acknowledged`) carries the honoured subset of the filter: each
 * `<list>ListChanged` requested for a served list whose changes are announced, and the requested
 * `resourceSubscriptions` when resources are served and subscribable (or as `listen.honor`
 * overrides). Per `listen.ack` it is the first message (default), withheld, or sent after the first
 * notification (a violation mode). With nothing to honour and `listen.unsupported:
 * method-not-found`, the request gets 404 + -32601 instead (§11.5). Every message on the stream
 * carries `io.modelcontextprotocol/subscriptionId` = the listen request's id.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2, §11.5
 */
export function handleSubscriptionsListen(
  world: World,
  subscriptions: Map<string, Subscription>,
  id: string | number,
  params: Record<string, unknown> | undefined,
  principal: Principal,
  frame: FrameContext,
  connectionId?: string,
): HandlerResult {
  const filter = params?.notifications;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    return errorResult(
      WireErrorCode.InvalidParams,
      'subscriptions/listen needs params.notifications (an object)',
      undefined,
      400,
    );
  }
  const requested = filter as SubscriptionFilter;
  const honored = honoredSubset(world, requested);
  if (Object.keys(honored).length === 0 && world.settings.listen.unsupported === 'method-not-found') {
    return errorResult(
      WireErrorCode.MethodNotFound,
      'Method not found: this server has no notifications to subscribe to',
      undefined,
      404,
    );
  }

  const stream = world.recorder.openStream({ ...frame, streamId: world.nextId('listen') });
  const subscription: Subscription = {
    subscriptionId: id,
    requested,
    honored,
    principal,
    stream,
    acknowledged: false,
    ...(connectionId !== undefined ? { connectionId } : {}),
  };
  const key = stream.streamId;
  subscriptions.set(key, subscription);
  stream.onClientClose(() => subscriptions.delete(key));
  if (world.settings.listen.ack === 'immediate') acknowledge(subscription);
  return { kind: 'stream', stream, streamKind: 'listen' };
}

/** What the server agrees to honour of a listen filter (§4.2: the ack carries exactly this). */
function honoredSubset(world: World, requested: SubscriptionFilter): SubscriptionFilter {
  const { listen } = world.settings;
  const honored: SubscriptionFilter = {};
  const served = (family: ListFamily) => world.lists.serves(family === 'resources' ? 'resources' : family);
  const honors: Record<ListFamily, boolean | undefined> = {
    tools: listen.honorToolsListChanged,
    resources: listen.honorResourcesListChanged,
    prompts: listen.honorPromptsListChanged,
  };
  for (const family of LIST_FAMILIES) {
    const key = listenFilterKey(family);
    const honor = honors[family] ?? (served(family) && world.listChanged(family));
    if (requested[key] === true && honor) honored[key] = true;
  }
  const uris = requested.resourceSubscriptions;
  const honorUris =
    listen.honorResourceSubscriptions ??
    (world.lists.serves('resources') && world.settings.resourcesSubscribe);
  if (Array.isArray(uris) && uris.length > 0 && honorUris) {
    honored.resourceSubscriptions = uris.filter((uri) => typeof uri === 'string');
  }
  return honored;
}

function acknowledge(subscription: Subscription): void {
  subscription.acknowledged = true;
  subscription.stream.send({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: {
      _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId },
      notifications: subscription.honored,
    },
  } as JSONRPCMessage);
}

/**
 * Sends a tagged `notifications/<family>/list_changed` (tools, resources, prompts) on every open
 * subscription acknowledged (or, under `afterFirstNotification`, about to be acknowledged) for it
 * and in `audience`. A withheld ack means no notification may be sent; that loss is recorded as a
 * note. On an endpoint serving 2026-07-28, a signal for everyone (no `audience`) that no open
 * subscription asked for is recorded as a note too (`… no open subscriptions/listen stream asked
 * for it …`): the evidence that a change was announced while no client listened.
 */
export function announceToSubscriptions(
  world: World,
  subscriptions: Map<string, Subscription>,
  audience: ((principal: Principal) => boolean) | undefined,
  family: ListFamily = 'tools',
): void {
  const key = listenFilterKey(family);
  const method = listChangedMethod(family);
  let open = 0;
  for (const subscription of subscriptions.values()) {
    if (!subscription.honored[key] || !subscription.stream.open) continue;
    open += 1;
    if (audience && !audience(subscription.principal)) continue;
    notify(world, subscription, method, {});
  }
  if (open === 0 && !audience && world.settings.eras.has('modern'))
    world.recorder.note(
      `${method}: no open subscriptions/listen stream asked for it, so it was not delivered`,
      {
        era: 'modern',
      },
    );
}

/**
 * Sends a tagged `notifications/resources/updated` for `uri` on every open subscription whose
 * honoured `resourceSubscriptions` name it.
 */
export function announceResourceUpdated(
  world: World,
  subscriptions: Map<string, Subscription>,
  uri: string,
): void {
  for (const subscription of subscriptions.values()) {
    if (!subscription.honored.resourceSubscriptions?.includes(uri) || !subscription.stream.open) continue;
    notify(world, subscription, 'notifications/resources/updated', { uri });
  }
}

/** Sends one notification the subscription asked for, after its ack (or noting that the ack is withheld). */
function notify(
  world: World,
  subscription: Subscription,
  method: string,
  params: Record<string, unknown>,
): void {
  if (!subscription.acknowledged && world.settings.listen.ack === 'withhold') {
    world.recorder.note(
      `${method} for subscription ${String(subscription.subscriptionId)} not sent: its acknowledgement is withheld`,
      { ...subscription.stream.ctx },
    );
    return;
  }
  subscription.stream.send({
    jsonrpc: '2.0',
    method,
    params: { ...params, _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId } },
  } as JSONRPCMessage);
  if (!subscription.acknowledged) acknowledge(subscription);
}

/**
 * Sends a notification that is not about tools on every open, acknowledged listen stream, tagged
 * with its `subscriptionId` (whatever its filter asked for: the client must cope). A subscription
 * not acknowledged yet gets nothing (nothing may precede the ack); that is recorded as a note.
 */
export function sendToSubscriptions(
  world: World,
  subscriptions: Map<string, Subscription>,
  method: string,
  params: Record<string, unknown> | undefined,
): void {
  for (const subscription of subscriptions.values()) {
    if (!subscription.stream.open) continue;
    if (!subscription.acknowledged) {
      world.recorder.note(
        `${method} for subscription ${String(subscription.subscriptionId)} not sent: not acknowledged yet`,
        { ...subscription.stream.ctx },
      );
      continue;
    }
    const meta = params?._meta;
    subscription.stream.send({
      jsonrpc: '2.0',
      method,
      params: {
        ...params,
        _meta: {
          ...(typeof meta === 'object' && meta !== null ? meta : {}),
          [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId,
        },
      },
    } as JSONRPCMessage);
  }
}

/**
 * Ends subscriptions: `graceful` sends the `SubscriptionsListenResult` (empty, tagged) and closes;
 * `drop` resets the stream with no result (an unexpected disconnect for the client). Ended
 * subscriptions are forgotten.
 */
export function endSubscriptions(
  subscriptions: Map<string, Subscription>,
  mode: 'graceful' | 'drop',
): number {
  let ended = 0;
  for (const [key, subscription] of subscriptions) {
    if (subscription.stream.open) {
      if (mode === 'graceful') {
        subscription.stream.send({
          jsonrpc: '2.0',
          id: subscription.subscriptionId,
          result: {
            resultType: 'complete',
            _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId },
          },
        } as JSONRPCMessage);
      }
      subscription.stream.end(mode);
      ended += 1;
    }
    subscriptions.delete(key);
  }
  return ended;
}

/**
 * The client cancelled a listen on a shared channel (stdio, in-memory): `notifications/cancelled`
 * with `requestId` = the listen id, from the same connection. The subscription ends without a
 * result, as after an HTTP client closing its stream. Returns true when one was found.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (Ending a stream: client cancels)
 */
export function cancelSubscription(
  subscriptions: Map<string, Subscription>,
  requestId: unknown,
  connectionId: string | undefined,
): boolean {
  for (const [key, subscription] of subscriptions) {
    if (subscription.subscriptionId !== requestId || subscription.connectionId !== connectionId) continue;
    subscriptions.delete(key);
    subscription.stream.stream.detach();
    return true;
  }
  return false;
}
