import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import type { Principal } from '../../world/principal.js';
import type { Subscription, SubscriptionFilter } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { WireErrorCode } from '../wire-error.js';

/**
 * Opens a `subscriptions/listen` stream. The acknowledgement
 * (`notifications/subscriptions/acknowledged`) carries the honoured subset of the filter: only
 * `toolsListChanged`, when requested and `tools.listChanged` is advertised (or as `listen.honor`
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
  const honored: SubscriptionFilter = {};
  const honorTools = world.settings.listen.honorToolsListChanged ?? world.settings.toolsListChanged;
  if (requested.toolsListChanged === true && honorTools) honored.toolsListChanged = true;
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
 * Sends a tagged `notifications/tools/list_changed` on every open subscription acknowledged (or,
 * under `afterFirstNotification`, about to be acknowledged) for it and in `audience`. A withheld
 * ack means no notification may be sent; that loss is recorded as a note.
 */
export function announceToSubscriptions(
  world: World,
  subscriptions: Map<string, Subscription>,
  audience: ((principal: Principal) => boolean) | undefined,
): void {
  for (const subscription of subscriptions.values()) {
    if (!subscription.honored.toolsListChanged || !subscription.stream.open) continue;
    if (audience && !audience(subscription.principal)) continue;
    if (!subscription.acknowledged && world.settings.listen.ack === 'withhold') {
      world.recorder.note(
        `notifications/tools/list_changed for subscription ${String(subscription.subscriptionId)} not sent: its acknowledgement is withheld`,
        { ...subscription.stream.ctx },
      );
      continue;
    }
    subscription.stream.send({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId } },
    } as JSONRPCMessage);
    if (!subscription.acknowledged) acknowledge(subscription);
  }
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
