import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { FakeServer } from '../../fake-server.js';
import { ServerConnection } from '../connection/server-connection.js';
import type { TransportCapabilities } from '../transport.js';
import { inMemoryDescriptor } from './in-memory-descriptor.js';

/**
 * The client end of an in-memory pair: an SDK `Transport`, so an official `Client` connects with
 * `client.connect(clientTransport)`. Messages cross as JSON text, so the fake server sees exactly
 * what a byte transport would carry; a reply that is not JSON reaches `onerror` as a `SyntaxError`
 * (what the SDK's stdio transport does with an unparseable line).
 */
export class InMemoryClientTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;
  private readonly connection: ServerConnection;
  private started = false;
  private closed = false;

  constructor(server: FakeServer) {
    this.connection = new ServerConnection(server, 'in-memory', {
      send: (text) => this.deliver(text),
      close: () => this.closeFromServer(),
    });
  }

  /** The connection id the transcript uses (`conn-<id>`). */
  get connectionId(): string {
    return this.connection.connectionId;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('InMemoryClientTransport already started');
    this.started = true;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('InMemoryClientTransport is closed');
    // Not awaited: a reply held back by a delay or hang fault must not block the client's next send.
    void this.connection.receive(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.connection.peerClosed();
    this.onclose?.();
  }

  /** Closes from the server side: streams are detached and `onclose` fires (asynchronously). */
  closeFromServer(): void {
    this.connection.peerClosed();
    queueMicrotask(() => {
      if (this.closed) return;
      this.closed = true;
      this.onclose?.();
    });
  }

  private deliver(text: string): void {
    // A microtask keeps delivery asynchronous (like a real channel) and in order.
    queueMicrotask(() => {
      if (this.closed) return;
      let message: JSONRPCMessage;
      try {
        message = JSON.parse(text) as JSONRPCMessage;
      } catch (error) {
        this.onerror?.(
          new SyntaxError(`Unparseable message from the fake server: ${(error as Error).message}`),
        );
        return;
      }
      this.onmessage?.(message);
    });
  }
}

/** The server end of an in-memory pair. */
export interface InMemoryServerEnd {
  readonly capabilities: TransportCapabilities;
  /** The connection id the transcript uses (`conn-<id>`). */
  readonly connectionId: string;
  /** Closes the pair from the server side (the client's `onclose` fires), detaching its streams. */
  close(): void;
}

/**
 * Creates a linked in-memory pair on `server`: `[clientTransport, serverEnd]`. The pair is one
 * connection (a legacy session is the connection; modern listen streams are interleaved on it and
 * tagged with `io.modelcontextprotocol/subscriptionId`), with no port and no socket.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the script injects a fault this transport cannot produce.
 */
export function createInMemoryPair(server: FakeServer): [InMemoryClientTransport, InMemoryServerEnd] {
  const detach = server.attachTransport(inMemoryDescriptor);
  const client = new InMemoryClientTransport(server);
  return [
    client,
    {
      capabilities: inMemoryDescriptor.capabilities,
      connectionId: client.connectionId,
      close: () => {
        detach();
        client.closeFromServer();
      },
    },
  ];
}
