import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import type { ExitProcessStep, FakeServer } from '@toolshift/fake-server';
import { runStdioServer, type StdioServer } from '@toolshift/fake-server/stdio';
import type { ServedServer } from './served-server.js';
import {
  RELAY_FRAME,
  relayCommand,
  relayExitFrame,
  relayFrame,
  runsToolshiftServerProgram,
} from './stdio-relay.js';
import { openProcessChannel, ProcessStdioTransport } from './stdio-relay-process.js';

/** Longest hello line a relay may send (token, space, pid), bytes. */
const MAX_HELLO_BYTES = 128;

/**
 * Serves a fake server over stdio as a real server process: the target's command line starts a
 * relay process (see `stdio-relay.ts`) that the client spawns, as a host spawns a stdio server; each
 * relay that connects to this cell's loopback port (127.0.0.1, ephemeral) with the cell's random
 * token becomes one fresh stdio channel (a new connection, `conn-<n>` in the transcript), while the
 * world and the transcript live on here. An `exitProcess` step ends every relay process as it says
 * (its exit code, SIGKILL, a closed stdout, a child left holding stdout); the server dropping a channel ends that relay (code 0); the client ending the relay's stdin
 * ends the channel. `connect()` and `openChannel()` spawn the relay themselves, for clients that
 * take a transport or a pair of streams.
 */
export async function serveStdio(server: FakeServer): Promise<ServedServer> {
  const token = randomBytes(16).toString('hex');
  const sockets = new Set<Socket>();
  const relays = new Set<Relay>();
  const channels: StdioServer[] = [];
  const pids = new Set<number>();
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
      const [given, pid, role] = hello.subarray(0, end).toString('utf8').split(' ');
      if (given !== token) {
        socket.destroy();
        return;
      }
      // Spared by the leftover sweep only when it runs toolshift's own program (the token is no proof:
      // the client that spawns a relay sees it).
      const claimed = Number(pid);
      if (Number.isSafeInteger(claimed))
        void runsToolshiftServerProgram(claimed, port, token).then((ours) => ours && pids.add(claimed));
      // A relay's grandchild holding its stdout: it lives until the port closes.
      if (role === 'grandchild') return;
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
  // An exitProcess step: every server process of this server goes away as the step says.
  const removeExitListener = server.addExitListener((_code, step) => {
    for (const relay of relays) endRelay(relay, step);
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
    serverPids: () => [...pids],
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
  /** Set once the process was told to go away. */
  ended?: boolean;
}

/** A server process that exits with code 0 (its channel was dropped). */
const DROPPED: ExitProcessStep = { code: 0, how: 'exit', grandchild: false };

/**
 * Tells a relay's process (once) to go away as `step` says: exit with its code, or die of SIGKILL
 * (the connection ends with it), or close its stdout and keep running (the connection stays until
 * the relay's stdin ends or the cell closes); with `grandchild`, it first leaves a child holding
 * its stdout.
 */
function endRelay(relay: Relay, step: ExitProcessStep): void {
  if (relay.ended) return;
  relay.ended = true;
  const { socket } = relay;
  if (!socket.writable) return;
  const frames = [
    ...(step.grandchild ? [relayFrame(RELAY_FRAME.grandchild, new Uint8Array())] : []),
    step.how === 'kill'
      ? relayFrame(RELAY_FRAME.kill, new Uint8Array())
      : step.how === 'close-stdout'
        ? relayFrame(RELAY_FRAME.closeStdout, new Uint8Array())
        : relayExitFrame(step.code),
  ];
  if (step.how === 'close-stdout') socket.write(Buffer.concat(frames));
  else socket.end(Buffer.concat(frames));
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
      if (socket.writable && !relay.ended) {
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
      setImmediate(() => endRelay(relay, DROPPED));
      done();
    },
  });
  stdout.on('error', () => undefined);
  if (rest.byteLength > 0) stdin.write(rest);
  socket.pipe(stdin);
  socket.on('close', () => stdin.end());
  return runStdioServer(server, { stdin, stdout });
}
