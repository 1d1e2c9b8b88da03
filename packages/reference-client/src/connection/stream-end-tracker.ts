import type { StreamEndCause } from '../discovery-machine/machine-event.js';
import type { FetchViolation } from './bounded-fetch.js';

/** The SDK's messages for a legacy GET stream it could not keep open. */
const STREAM_GIVEN_UP = /reconnection attempts|Failed to open SSE stream/i;
/** What the SDK reports for an SSE frame or JSON-RPC message it could not parse. */
const PROTOCOL_NOISE = /JSON|Unexpected token|Invalid|parse/i;

/**
 * Why a connection's change stream ended: cut at its byte limit (the bounded fetch's cut of a
 * long-lived response), after garbled frames (errors the SDK reported since the stream opened),
 * or closed by the server.
 */
export class StreamEndTracker {
  /** Why the last long-lived stream was cut, if the bounded fetch cut it. */
  private cut: FetchViolation | undefined;
  /** Messages the SDK could not parse since the last stream end. */
  private protocolErrors = 0;

  /** The bounded fetch cut a long-lived stream at its byte limit. */
  noteCut(violation: FetchViolation): void {
    this.cut = violation;
  }

  /**
   * An error the SDK reported outside any request: counts parse noise; returns whether it says the
   * legacy GET stream was given up (no `list_changed` can arrive without it).
   */
  noteError(error: Error): boolean {
    if (STREAM_GIVEN_UP.test(error.message)) return true;
    if (error.name === 'SyntaxError' || error.name === 'ZodError' || PROTOCOL_NOISE.test(error.message)) {
      this.protocolErrors++;
    }
    return false;
  }

  /** Why the last change stream ended; starts counting afresh. */
  take(): StreamEndCause {
    const cause: StreamEndCause =
      this.cut !== undefined ? 'size-limit' : this.protocolErrors > 0 ? 'protocol-error' : 'remote-close';
    this.reset();
    return cause;
  }

  /** Starts counting afresh (a new stream opens). */
  reset(): void {
    this.cut = undefined;
    this.protocolErrors = 0;
  }
}
