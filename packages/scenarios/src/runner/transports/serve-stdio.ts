import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import type { FakeServer } from '@toolshift/fake-server';
import { runStdioServer, type StdioServer } from '@toolshift/fake-server/stdio';
import type { ServedServer } from './served-server.js';
import { RELAY_FRAME, relayCommand, relayExitFrame, relayFrame } from './stdio-relay.js';
import { openProcessChannel, ProcessStdioTransport } from './stdio-relay-process.js';

/** Longest hello line a relay may send (token, space, pid), bytes. */
const MAX_HELLO_BYTES = 128;

/**
 * Serves a fake server over stdio as a real server process: the target's command line starts a
 * relay process (see `stdio-relay.ts`) that the client spawns, as a host spawns a stdio server; each
 * relay that connects to this cell's loopback port (127.0.0.1, ephemeral) with the cell's random
 * token becomes one fresh stdio channel (a new connection, `conn-<n>` in the transcript), while the
 * world and the transcript live on here. An `exitProcess` step ends every relay process with its
 * code; the server dropping a channel ends that relay (code 0); the client ending the relay's stdin
 * ends the channel. `connect()` and `openChannel()` spawn the relay themselves, for clients that
 * take a transport or a pair of streams.
 */
export async function serveStdio(server: FakeServer): Promise<ServedServer> {
  const token = randomBytes(16).toString('hex');
  const sockets = new Set<Socket>();
  const relays = new Set<Relay>();
  const channels: StdioServer[] = [];
  const listener = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
    let hello = Buffer.alloc(0);
    const onHello = (chunk: Buffer) => {
      hello = Buffer.concat([hello, chunk]);
      const end = hello.indexOf(0x0a);
      if (end < 0) {
        if (hello.byteLength > MAX_HELLO_BYTES) socket.destroy();
        return;
      }
      socket.off('data', onHello);
      const [given] = hello.subarray(0, end).toString('utf8').split(' ');
      if (given !== token) {
        socket.destroy();
        return;
      }
      const relay: Relay = { socket };
      relays.add(relay);
      socket.on('close', () => relays.delete(relay));
      channels.push(relayChannel(server, relay, hello.subarray(end + 1)));
    };
    socket.on('data', onHello);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', resolve);
  });
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { command, args } = relayCommand(port, token);
  // An exitProcess step: every server process of this server exits with the step's code.
  const removeExitListener = server.addExitListener((code) => {
    for (const relay of relays) endRelay(relay, code);
  });
  return {
    transport: 'stdio',
    target: {
      kind: 'stdio',
      command,
      args,
      connect: () => new ProcessStdioTransport(command, args),
      openChannel: () => openProcessChannel(command, args),
    },
    async close() {
      removeExitListener();
      for (const channel of channels) channel.close('drop');
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** One connected relay process. */
interface Relay {
  socket: Socket;
  /** Set once the process was told to exit. */
  exitCode?: number;
}

/** Tells a relay's process to exit with `code` (once) and ends its connection. */
function endRelay(relay: Relay, code: number): void {
  if (relay.exitCode !== undefined) return;
  relay.exitCode = code;
  if (relay.socket.writable) relay.socket.end(relayExitFrame(code));
}

/**
 * One relay connection as a stdio channel of `server`: the relay's bytes (after its hello, starting
 * with `rest`) are the server's stdin; what the server writes goes back as data frames; the server
 * ending its stdout (a dropped channel) ends the relay process with code 0, unless an
 * `exitProcess` step gave it another in the same turn (the step drops every channel first, then
 * tells the listeners its code).
 */
function relayChannel(server: FakeServer, relay: Relay, rest: Buffer): StdioServer {
  const { socket } = relay;
  const stdin = new PassThrough();
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (socket.writable && relay.exitCode === undefined) {
        // What the server writes in one turn leaves in one TCP write.
        if (socket.writableCorked === 0) {
          socket.cork();
          process.nextTick(() => socket.uncork());
        }
        socket.write(relayFrame(RELAY_FRAME.data, chunk));
      }
      done();
    },
    final(done) {
      setImmediate(() => endRelay(relay, 0));
      done();
    },
  });
  stdout.on('error', () => undefined);
  if (rest.byteLength > 0) stdin.write(rest);
  socket.pipe(stdin);
  socket.on('close', () => stdin.end());
  return runStdioServer(server, { stdin, stdout });
}
