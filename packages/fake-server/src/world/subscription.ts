import type { ServerStream } from '../transcript/recorder.js';
import type { Principal } from './principal.js';

/** The notification types of a `subscriptions/listen` filter (2026-07-28 `SubscriptionFilter`). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/**
 * A modern `subscriptions/listen` subscription: its id is the listen request's JSON-RPC id (type
 * kept), and `honored` is the subset the server acknowledged (or will, when the ack is deferred).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2
 */
export interface Subscription {
  subscriptionId: string | number;
  requested: SubscriptionFilter;
  honored: SubscriptionFilter;
  principal: Principal;
  stream: ServerStream;
  /** True once `notifications/subscriptions/acknowledged` was sent. */
  acknowledged: boolean;
  /** The stdio/in-memory connection the listen arrived on (absent on HTTP, where each listen is its own stream). */
  connectionId?: string;
}
