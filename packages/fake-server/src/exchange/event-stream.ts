/** One Server-Sent Event as the server wants it written (`id:`, `data:`, `retry:` lines). */
export interface StreamEvent {
  /** SSE `id:` line (legacy resumability); omitted when the server sends no ids. */
  eventId?: string;
  /** The `data:` payload (a serialized JSON-RPC message, or deliberately broken text for a fault). */
  data: string;
  /** SSE `retry:` line, in ms. */
  retryMs?: number;
  /** A fault: write the event without its terminating blank line (a frame cut in the middle). */
  unterminated?: boolean;
}

/** How a stream ends: `graceful` writes the end and closes; `drop` resets the connection mid-stream. */
export type StreamEndMode = 'graceful' | 'drop';

/** What a transport attaches to an {@link EventStream} to carry its events to the peer. */
export interface EventStreamSink {
  write(event: StreamEvent): void;
  end(mode: StreamEndMode): void;
}

/**
 * A server-to-client event stream (an SSE response on HTTP; interleaved lines on stdio). Events
 * emitted before a sink attaches are buffered, so the server can write the first event (e.g. the
 * subscription acknowledgement) in the same turn it creates the stream.
 */
export class EventStream {
  private sink: EventStreamSink | undefined;
  private readonly pending: StreamEvent[] = [];
  private endedWith: StreamEndMode | undefined;
  private readonly detachListeners: Array<() => void> = [];
  private detached = false;

  constructor(
    /** Transcript stream id, e.g. `listen-3` or `get-1`. */
    readonly streamId: string,
  ) {}

  /** True until the stream ended (server side) or the peer went away. */
  get open(): boolean {
    return this.endedWith === undefined && !this.detached;
  }

  /** Queues or writes one event. Ignored once the stream is closed. */
  write(event: StreamEvent): void {
    if (!this.open) return;
    if (this.sink) this.sink.write(event);
    else this.pending.push(event);
  }

  /** Ends the stream from the server side. Idempotent. */
  end(mode: StreamEndMode): void {
    if (!this.open) return;
    this.endedWith = mode;
    this.sink?.end(mode);
  }

  /** Called by the transport: flushes buffered events into `sink`. */
  attach(sink: EventStreamSink): void {
    this.sink = sink;
    for (const event of this.pending.splice(0)) sink.write(event);
    if (this.endedWith) sink.end(this.endedWith);
  }

  /** Called by the transport when the peer closed the connection. Idempotent. */
  detach(): void {
    if (this.detached || this.endedWith) return;
    this.detached = true;
    for (const listener of this.detachListeners.splice(0)) listener();
  }

  /** Registers a callback for a peer-side close (not called for server-side ends). */
  onDetach(listener: () => void): void {
    if (this.detached) listener();
    else this.detachListeners.push(listener);
  }
}
