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
 *   code in the payload (a 4-byte signed integer).
 * When the connection closes without an exit frame, the relay exits with code 0 (a server process
 * whose channel ended); when it cannot reach the port, with code 1 and a line on stderr.
 */
export const RELAY_FRAME = { data: 0x44, exit: 0x58 } as const;

/** The relay program (CommonJS, no dependency: Node only). */
export const STDIO_RELAY_SOURCE = `'use strict';
const net = require('node:net');
const [port, token] = process.argv.slice(1);
const socket = net.connect(Number(port), '127.0.0.1');
socket.setNoDelay(true);
let buffered = Buffer.alloc(0);
let exiting = false;
const exitWith = (code) => {
  if (exiting) return;
  exiting = true;
  process.stdout.write('', () => process.exit(code));
};
socket.on('connect', () => {
  socket.write(token + ' ' + process.pid + '\\n');
  process.stdin.pipe(socket);
});
socket.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  const out = [];
  let code;
  while (buffered.length >= 5 && code === undefined) {
    const length = buffered.readUInt32BE(1);
    if (buffered.length < 5 + length) break;
    const type = buffered[0];
    const payload = buffered.subarray(5, 5 + length);
    buffered = buffered.subarray(5 + length);
    if (type === ${RELAY_FRAME.data}) out.push(payload);
    else if (type === ${RELAY_FRAME.exit}) code = payload.readInt32BE(0);
  }
  if (out.length > 0 && !exiting) process.stdout.write(Buffer.concat(out));
  if (code !== undefined) exitWith(code);
});
socket.on('close', () => exitWith(0));
socket.on('error', (error) => {
  if (!exiting) process.stderr.write('toolshift stdio relay: lost the fake server at 127.0.0.1:' + port + ' (' + error.message + ')\\n');
  exitWith(1);
});
process.stdout.on('error', () => exitWith(0));
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
