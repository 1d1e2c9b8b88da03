import type { Transport } from '@modelcontextprotocol/client';

/**
 * Follows each notification the SDK hands a transport until it was delivered or failed, so a
 * close can wait for the cancellations it caused before ending the session (see
 * `ServerConnection.close`).
 */
export class NotificationTracker {
  /** Notifications handed to the transport and not yet delivered (cancellations above all). */
  private readonly notifying = new Set<Promise<unknown>>();

  /** Resolves when every notification handed to the transport so far was delivered or failed. */
  async delivered(): Promise<void> {
    while (this.notifying.size > 0) await Promise.allSettled([...this.notifying]);
  }

  /** Follows each notification the SDK sends until the transport delivered it (see {@link close}). */
  attach(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const sent = send(message, options);
      if (!('method' in message) || 'id' in message) return sent;
      const tracked = sent.then(
        () => undefined,
        () => undefined,
      );
      this.notifying.add(tracked);
      void tracked.then(() => this.notifying.delete(tracked));
      return sent;
    };
  }
}
