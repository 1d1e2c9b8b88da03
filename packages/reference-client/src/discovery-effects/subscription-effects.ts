import type { McpSubscription } from '@modelcontextprotocol/client';
import type { ServerConnection } from '../connection/server-connection.js';
import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import type { DiscoveryScope } from './discovery-scope.js';
import type { FailureClassifier } from './failure-classifier.js';

/**
 * The machine's `subscribe` and `unsubscribe` effects: a modern `subscriptions/listen` stream per
 * connection generation, its acknowledgement verified (which list filters the server honoured),
 * and its end reported as a `stream-ended` event with the cause the connection saw.
 * @see ../shared/spec/mcp-discovery-spec.md §4.2
 */
export class SubscriptionEffects {
  private readonly subscriptions = new Map<number, McpSubscription>();

  constructor(
    private readonly scope: DiscoveryScope,
    private readonly connection: (generation: number) => ServerConnection | undefined,
    private readonly failures: FailureClassifier,
  ) {}

  /** Modern: `subscriptions/listen` with the change notifications of `lists`, ack verified. */
  async subscribe(generation: number, lists: readonly ListKind[]): Promise<void> {
    const connection = this.connection(generation);
    if (!connection) return;
    let subscription: McpSubscription;
    try {
      subscription = await connection.listen(lists);
    } catch (error) {
      if (!this.scope.closed())
        this.scope.dispatch({ type: 'subscribe-failed', generation, failure: this.failures.classify(error) });
      return;
    }
    if (this.scope.closed() || this.connection(generation) !== connection) {
      await subscription.close().catch(() => {});
      return;
    }
    this.subscriptions
      .get(generation)
      ?.close()
      .catch(() => {});
    this.subscriptions.set(generation, subscription);
    const honored: Partial<Record<ListKind, boolean>> = {};
    for (const list of lists)
      honored[list] = subscription.honoredFilter[LIST_PROTOCOL[list].listenKey] === true;
    this.scope.dispatch({ type: 'subscribed', generation, honored });
    void subscription.closed.then((cause) => {
      if (cause === 'local' || this.subscriptions.get(generation) !== subscription) return;
      this.subscriptions.delete(generation);
      this.scope.dispatch({
        type: 'stream-ended',
        generation,
        cause: connection.takeStreamEndCause(),
        stream: 'listen',
      });
    });
  }

  unsubscribe(generation: number): void {
    const subscription = this.take(generation);
    void subscription?.close().catch(() => {});
  }

  /** The subscription of `generation`, forgotten here (its connection is closing it). */
  take(generation: number): McpSubscription | undefined {
    const subscription = this.subscriptions.get(generation);
    this.subscriptions.delete(generation);
    return subscription;
  }
}
