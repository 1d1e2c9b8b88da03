import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** One event a legacy stream sent (or would have sent while disconnected). */
export interface HistoryEvent {
  eventId: string;
  message: JSONRPCMessage;
}

const EVENT_ID = /^([A-Za-z0-9-]+):(\d{1,9})$/;

/**
 * The events of one logical legacy SSE stream (a GET stream, or one POST response stream), for
 * `Last-Event-ID` resumption. Event ids are `<stream>:<n>` (unique across the session's streams and
 * naming the stream, §5.2); `<stream>:0` is the priming event. Only the last `limit` events are kept.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2 (Resumability)
 */
export class StreamHistory {
  private counter = 0;
  private readonly events: HistoryEvent[] = [];
  /** For a POST stream: true once its response was sent (a replay then ends the resumed stream). */
  answered = false;

  constructor(
    /** The transcript stream id of the stream's first connection, e.g. `get-1` or `post-4`. */
    readonly logicalId: string,
    readonly kind: 'get' | 'post',
    private readonly limit = 1000,
  ) {}

  /** Splits an event id into its stream and sequence number; `undefined` when it is not one of ours. */
  static parse(eventId: string): { logicalId: string; seq: number } | undefined {
    const match = EVENT_ID.exec(eventId);
    return match ? { logicalId: match[1] as string, seq: Number(match[2]) } : undefined;
  }

  /** The priming event's id (`<stream>:0`). */
  primingEventId(): string {
    return `${this.logicalId}:0`;
  }

  /** Assigns the next event id and keeps the event. */
  append(message: JSONRPCMessage): string {
    this.counter += 1;
    const eventId = `${this.logicalId}:${this.counter}`;
    this.events.push({ eventId, message });
    if (this.events.length > this.limit) this.events.shift();
    return eventId;
  }

  /** Events after sequence number `seq`, oldest first. */
  after(seq: number): HistoryEvent[] {
    return this.events.filter((event) => (StreamHistory.parse(event.eventId)?.seq ?? 0) > seq);
  }
}
