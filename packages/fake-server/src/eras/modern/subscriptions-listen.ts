import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';
import type { FrameContext } from '../../transcript/recorder.js';
import type { Subscription, SubscriptionFilter } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import { errorResult, type HandlerResult } from '../method-handler.js';
import { WireErrorCode } from '../wire-error.js';

/**
 * Opens a `subscriptions/listen` stream: the first message is
 * `notifications/subscriptions/acknowledged` with the honoured subset of the filter (only
 * `toolsListChanged`, and only when `tools.listChanged` is advertised); every message on the stream
 * carries `io.modelcontextprotocol/subscriptionId` = the listen request's id.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2
 */
export function handleSubscriptionsListen(
  world: World,
  subscriptions: Map<string, Subscription>,
  id: string | number,
  params: Record<string, unknown> | undefined,
  principal: string,
  frame: FrameContext,
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
  if (requested.toolsListChanged === true && world.settings.toolsListChanged) honored.toolsListChanged = true;

  const stream = world.recorder.openStream({ ...frame, streamId: world.nextId('listen') });
  const subscription: Subscription = { subscriptionId: id, requested, honored, principal, stream };
  const key = stream.streamId;
  subscriptions.set(key, subscription);
  stream.onClientClose(() => subscriptions.delete(key));

  stream.send({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [SUBSCRIPTION_ID_META_KEY]: id }, notifications: honored },
  } as JSONRPCMessage);
  return { kind: 'stream', stream, streamKind: 'listen' };
}

/** Sends a tagged `notifications/tools/list_changed` on every subscription that was acknowledged for it. */
export function announceToSubscriptions(subscriptions: Map<string, Subscription>): void {
  for (const subscription of subscriptions.values()) {
    if (!subscription.honored.toolsListChanged || !subscription.stream.open) continue;
    subscription.stream.send({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.subscriptionId } },
    } as JSONRPCMessage);
  }
}

/**
 * Ends every subscription: `graceful` sends the `SubscriptionsListenResult` (empty, tagged) and
 * closes; `drop` resets the stream with no result (an unexpected disconnect for the client).
 */
export function endSubscriptions(subscriptions: Map<string, Subscription>, mode: 'graceful' | 'drop'): void {
  for (const subscription of subscriptions.values()) {
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
  }
  subscriptions.clear();
}
