import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolshiftError } from '../../errors/toolshift-error.js';

/** A listening HTTP server and the port it got. */
export interface Listening {
  server: Server;
  port: number;
  /** Stops listening and closes every connection, streams included. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server answering with `listener` (an express app, or a function in front of one)
 * on `host:port` (port 0 picks an ephemeral one).
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound (`data`: `{ transport, host, port }`).
 */
export async function listen(listener: RequestListener, host: string, port: number): Promise<Listening> {
  const server: Server = await new Promise((resolve, reject) => {
    const listening = createServer(listener);
    listening.once('error', (error: Error) =>
      reject(
        new ToolshiftError('TRANSPORT_FAILED', `Cannot listen on ${host}:${port}: ${error.message}`, {
          transport: 'http',
          host,
          port,
        }),
      ),
    );
    listening.listen(port, host, () => resolve(listening));
  });
  // Node closes a keep-alive connection after 5 s idle by default, which races a client reusing it
  // (its next request meets a reset: ECONNRESET) whenever a machine is slow enough to leave a gap
  // that long. The fake server never ends a connection on its own: the client or `close` does.
  server.keepAliveTimeout = 0;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
