import { readFile } from 'node:fs/promises';
/**
 * The stdio relay: the server process a client spawns for a stdio target. It is a small Node
 * program (run as `node -e <source> <port> <token>`) that connects to its cell's loopback port,
 * says who it is, then pipes its stdin to the cell's fake server and the server's output to its
 * stdout, so the client's transport deals with a real process (a pid, an exit code, closed pipes)
 * while the world and the transcript stay in the runner.
 *
 * On the loopback connection the relay first writes one line, `<token> <pid>\n` (the token keeps
 * any other local process out), then its stdin as raw bytes (and ends its side when stdin ends).
 * The runner answers with frames of `[type: 1 byte][length: 4 bytes, big-endian][payload]` (what
 * the server writes in one turn of its event loop goes in one TCP write, and what arrives in one
 * read goes to stdout in one write, as a server process's back-to-back lines reach its client):
 * - {@link RELAY_FRAME.data} — bytes for the relay's stdout;
 * - {@link RELAY_FRAME.exit} — the server process exits: the relay flushes stdout and exits with the
 *   code in the payload (a 4-byte signed integer);
 * - {@link RELAY_FRAME.kill} — it flushes stdout and kills itself with SIGKILL;
 * - {@link RELAY_FRAME.closeStdout} — it flushes and closes its stdout, and keeps running until its
 *   stdin ends (a half-closed server);
 * - {@link RELAY_FRAME.grandchild} — it starts a child (`node -e <GRANDCHILD> <port> <token>`) that
 *   inherits its stdout and holds it open until the runner closes the cell's port (the child says
 *   `<token> <pid> grandchild` on its own connection, and exits when that closes).
 * When the connection closes without an exit frame, the relay exits with code 0 (a server process
 * whose channel ended); when it cannot reach the port, with code 1 and a line on stderr.
 */
export const RELAY_FRAME = {
  data: 0x44,
  exit: 0x58,
  kill: 0x4b,
  closeStdout: 0x43,
  grandchild: 0x47,
} as const;

/** The child a relay leaves holding its stdout (see {@link RELAY_FRAME.grandchild}). */
export const STDIO_GRANDCHILD_SOURCE = `'use strict';
const [port, token] = process.argv.slice(1);
const socket = require('node:net').connect(Number(port), '127.0.0.1');
socket.on('connect', () => socket.write(token + ' ' + process.pid + ' grandchild\\n'));
socket.on('close', () => process.exit(0));
socket.on('error', () => process.exit(0));
socket.resume();
`;

/** The relay program (CommonJS, no dependency: Node only). */
export const STDIO_RELAY_SOURCE = `'use strict';
const net = require('node:net');
const [port, token] = process.argv.slice(1);
const socket = net.connect(Number(port), '127.0.0.1');
socket.setNoDelay(true);
let buffered = Buffer.alloc(0);
let exiting = false;
let stdoutClosed = false;
const flushed = (then) => (stdoutClosed ? then() : process.stdout.write('', then));
const exitWith = (code) => {
  if (exiting) return;
  exiting = true;
  flushed(() => process.exit(code));
};
socket.on('connect', () => {
  socket.write(token + ' ' + process.pid + '\\n');
  process.stdin.pipe(socket);
});
socket.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  const out = [];
  const then = [];
  while (buffered.length >= 5) {
    const length = buffered.readUInt32BE(1);
    if (buffered.length < 5 + length) break;
    const type = buffered[0];
    const payload = buffered.subarray(5, 5 + length);
    buffered = buffered.subarray(5 + length);
    if (type === ${RELAY_FRAME.data}) out.push(payload);
    else then.push([type, payload]);
  }
  if (out.length > 0 && !exiting && !stdoutClosed) process.stdout.write(Buffer.concat(out));
  for (const [type, payload] of then) {
    if (type === ${RELAY_FRAME.grandchild})
      require('node:child_process')
        .spawn(process.execPath, ['-e', ${JSON.stringify(STDIO_GRANDCHILD_SOURCE)}, port, token], { stdio: ['ignore', 'inherit', 'ignore'] })
        .unref();
    else if (type === ${RELAY_FRAME.exit}) exitWith(payload.readInt32BE(0));
    else if (type === ${RELAY_FRAME.kill}) {
      exiting = true;
      flushed(() => process.kill(process.pid, 'SIGKILL'));
    } else if (type === ${RELAY_FRAME.closeStdout} && !stdoutClosed)
      process.stdout.write('', () => {
        stdoutClosed = true;
        require('node:fs').closeSync(1);
      });
  }
});
socket.on('close', () => exitWith(0));
socket.on('error', (error) => {
  if (!exiting) process.stderr.write('toolshift stdio relay: lost the fake server at 127.0.0.1:' + port + ' (' + error.message + ')\\n');
  exitWith(1);
});
process.stdout.on('error', () => undefined);
process.stdin.on('error', () => undefined);
`;

/** One frame of the runner's side of a relay connection. */
export function relayFrame(type: number, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header[0] = type;
  header.writeUInt32BE(payload.byteLength, 1);
  return Buffer.concat([header, payload]);
}

/** The exit frame for `code`. */
export function relayExitFrame(code: number): Buffer {
  const payload = Buffer.alloc(4);
  payload.writeInt32BE(code | 0, 0);
  return relayFrame(RELAY_FRAME.exit, payload);
}

/** The command line that starts a relay to `port` with `token`: this Node binary and its arguments. */
export function relayCommand(port: number, token: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['-e', STDIO_RELAY_SOURCE, String(port), token] };
}

/**
 * Whether process `pid` runs one of toolshift's own stdio server programs for this port and token
 * (the relay, or the grandchild a relay leaves holding its stdout): what a relay's hello may claim
 * as toolshift's, so the leftover sweep spares it. The token is in the relay's arguments, which the
 * client that spawns it sees; any other process named in a hello (a client's own, left to rewrite
 * files) is not spared. Read from `/proc/<pid>/cmdline` on Linux; elsewhere the claim is taken as
 * it is.
 */
export async function runsToolshiftServerProgram(pid: number, port: number, token: string): Promise<boolean> {
  if (process.platform !== 'linux') return true;
  let args: string[];
  try {
    args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  } catch {
    return false;
  }
  // Node's own options may come first (a host that adds `--no-warnings`); the program and its two
  // arguments come last.
  const at = args.indexOf('-e');
  const [source, givenPort, givenToken] = at < 0 ? [] : args.slice(at + 1, at + 4);
  return (
    (source === STDIO_RELAY_SOURCE || source === STDIO_GRANDCHILD_SOURCE) &&
    givenPort === String(port) &&
    givenToken === token
  );
}
