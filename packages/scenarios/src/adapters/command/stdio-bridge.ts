import { createServer, type Server, type Socket } from 'node:net';
import type { StdioChannel } from '../client-adapter.js';

/**
 * The server command line a client program is handed for a stdio target: a Node one-liner that
 * relays its stdin and stdout to the bridge's loopback port and exits when the bridge closes the
 * connection (as a server process exits when it drops the channel).
 */
const RELAY_SOURCE =
  "const s=require('node:net').connect(Number(process.argv[1]),'127.0.0.1');" +
  'process.stdin.pipe(s);s.pipe(process.stdout);' +
  "s.on('close',()=>process.exit(0));s.on('error',()=>process.exit(1));";

/** A loopback listener that turns each process the client spawns into a fresh stdio channel. */
export interface StdioBridge {
  /** The executable the client should spawn as the server (this Node binary). */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Stops listening and ends every open channel. */
  close(): Promise<void>;
}

/**
 * Opens a stdio bridge: the client program gets a command line (`command` + `args`) that starts a
 * small relay process; each relay connects to a loopback port (127.0.0.1, ephemeral) and becomes
 * one fresh stdio channel to the fake server (`openChannel`), byte for byte, so the server sees
 * exactly what the library wrote on its child's stdin. The relay's stdin ending closes the channel;
 * the server dropping it ends the relay process.
 */
export async function openStdioBridge(openChannel: () => StdioChannel): Promise<StdioBridge> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const channel = openChannel();
    socket.pipe(channel.toServer as NodeJS.WritableStream);
    channel.fromServer.pipe(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      channel.toServer.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    command: process.execPath,
    args: ['-e', RELAY_SOURCE, String(port)],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
