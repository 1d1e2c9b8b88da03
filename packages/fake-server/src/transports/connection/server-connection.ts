import type { EventStream, StreamEndMode } from '../../exchange/event-stream.js';
import { stringifyWithExactIds } from '../../exchange/exact-integer-id.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import type { FakeServer } from '../../fake-server.js';

/** How a {@link ServerConnection} reaches its peer: one outbound message at a time. */
export interface ConnectionPeer {
  /** Delivers one serialized message (a JSON-RPC message, or deliberately broken text). */
  send(text: string): void;
  /** Closes the channel from the server side (a dropped stream on a shared channel). */
  close(): void;
}

const connectionCounters = new WeakMap<FakeServer, number>();

/** The next connection id for `server`: `1`, `2`, … (stable across runs, so transcripts are too). */
function nextConnectionId(server: FakeServer): string {
  const next = (connectionCounters.get(server) ?? 0) + 1;
  connectionCounters.set(server, next);
  return String(next);
}

/**
 * One connection-oriented channel (stdio, in-memory) served by a fake server: each inbound message
 * becomes one `WireRequest` tagged with the connection id; replies and the events of every stream
 * opened on the connection (a modern listen, the legacy session channel) are interleaved on the one
 * outbound channel, in the order the server produces them. The connection reads no method name.
 */
export class ServerConnection {
  /** The id the server ties legacy session state to (transcript stream `conn-<id>`). */
  readonly connectionId: string;
  private readonly streams = new Set<EventStream>();
  private closed = false;
  private readonly removeExitListener: () => void;

  constructor(
    private readonly server: FakeServer,
    private readonly transport: 'stdio' | 'in-memory',
    private readonly peer: ConnectionPeer,
  ) {
    this.connectionId = nextConnectionId(server);
    // An exitProcess step served in-process closes the channel, as the process exit would.
    this.removeExitListener = server.addExitListener(() => this.drop());
  }

  /** True until the peer or the server closed the connection. */
  get open(): boolean {
    return !this.closed;
  }

  /**
   * Hands one inbound message (raw text) to the server and delivers what it answers. Resolves once
   * the reply was delivered (a hang fault never resolves; other messages are not held up by it).
   */
  async receive(text: string): Promise<void> {
    if (this.closed) return;
    const response = await this.server.handle({
      transport: this.transport,
      headers: {},
      body: text,
      connectionId: this.connectionId,
    });
    this.deliver(response);
  }

  /** The peer went away: every stream on the connection is detached (the server sees a client close). */
  peerClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.removeExitListener();
    for (const stream of [...this.streams]) stream.detach();
    this.streams.clear();
  }

  private deliver(response: WireResponse): void {
    if (this.closed) return;
    if (response.channel) this.attach(response.channel);
    const reply = response.reply;
    switch (reply.kind) {
      case 'message':
        this.peer.send(stringifyWithExactIds(reply.message));
        return;
      case 'raw':
        this.peer.send(reply.body);
        return;
      case 'stream':
        this.attach(reply.stream);
        return;
      case 'empty':
        return;
    }
  }

  private attach(stream: EventStream): void {
    this.streams.add(stream);
    stream.attach({
      write: (event) => {
        if (!this.closed) this.peer.send(event.data);
      },
      end: (mode: StreamEndMode) => {
        this.streams.delete(stream);
        if (mode === 'drop') this.drop();
      },
    });
  }

  /** A stream dropped on a shared channel: the whole channel goes, as when a server process exits. */
  private drop(): void {
    if (this.closed) return;
    this.peerClosed();
    this.peer.close();
  }
}
