import type { Readable, Writable } from 'node:stream';
import type { FakeServer } from '../../fake-server.js';
import { ServerConnection } from '../connection/server-connection.js';
import type { TransportCapabilities } from '../transport.js';
import {
  INVALID_UTF8_STATUS,
  invalidUtf8Error,
  OVERSIZE_BODY_STATUS,
  oversizeBodyError,
} from '../transport-refusal.js';
import { LineSplitter } from './line-splitter.js';
import { stdioDescriptor } from './stdio-descriptor.js';

/** Options for {@link runStdioServer}. */
export interface StdioServerOptions {
  /** Where client messages arrive: newline-delimited JSON-RPC (`process.stdin` for a real server). */
  stdin: Readable;
  /** Where replies and stream events go, one message per line (`process.stdout` for a real server). */
  stdout: Writable;
  /** Largest accepted line, bytes (default 4 MiB); a longer one is discarded and answered with -32600. */
  maxLineBytes?: number;
}

/**
 * Why a stdio channel closed: the client ended stdin, the server dropped a stream (on a shared
 * channel that ends the channel, as a server process exit would), {@link StdioServer.close} was
 * called, or a stream failed (e.g. EPIPE).
 */
export type StdioCloseReason = 'stdin-ended' | 'dropped' | 'closed' | 'stream-error';

/** A fake server being served over one stdio channel. */
export interface StdioServer {
  readonly capabilities: TransportCapabilities;
  /** The connection id the transcript uses (`conn-<id>`). */
  readonly connectionId: string;
  /**
   * Resolves once the channel closed, with the reason. After `dropped`, a process serving stdio
   * should exit, so its client sees the server go away (`process.stdout` cannot be ended).
   */
  readonly closed: Promise<StdioCloseReason>;
  /**
   * Ends the server's streams (`graceful` by default: listen streams get their final result) and
   * stops reading stdin. stdout is left open (it may be the process's).
   */
  close(mode?: 'graceful' | 'drop'): void;
}

/**
 * Serves a fake server over stdio: each line of `stdin` is one JSON-RPC message; every reply and
 * stream event is written to `stdout` as one line, interleaved on the one channel (a modern
 * listen stream's messages carry `io.modelcontextprotocol/subscriptionId` so the client can
 * demultiplex; a legacy session is the connection itself, its `list_changed` goes on the channel).
 * The process is the session: when stdin ends, every stream and the legacy session are closed.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4, §4.2 (stdio)
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the script injects a fault this transport cannot produce.
 */
export function runStdioServer(server: FakeServer, options: StdioServerOptions): StdioServer {
  const { stdin, stdout } = options;
  const detach = server.attachTransport(stdioDescriptor);
  const maxLineBytes = options.maxLineBytes ?? 4 * 1024 * 1024;
  const splitter = new LineSplitter(maxLineBytes);
  let resolveClosed!: (reason: StdioCloseReason) => void;
  const closed = new Promise<StdioCloseReason>((resolve) => {
    resolveClosed = resolve;
  });
  let finished = false;

  const connection = new ServerConnection(server, 'stdio', {
    send: (text) => {
      if (!finished && stdout.writable) stdout.write(`${text}\n`);
    },
    close: () => {
      finish('dropped');
      // Ends the channel for a pipe or stream; process.stdout ignores it (the process must exit).
      if (stdout !== process.stdout) stdout.end();
    },
  });

  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (const line of splitter.push(bytes)) handleLine(line);
  };
  const onEnd = () => {
    for (const line of splitter.end()) handleLine(line);
    finish('stdin-ended');
  };
  const onError = () => finish('stream-error');

  function handleLine(line: ReturnType<LineSplitter['push']>[number]): void {
    if (line.kind === 'oversize') {
      const message = oversizeBodyError(maxLineBytes, line.bytes);
      server.recordRefusal(
        { transport: 'stdio', headers: {}, connectionId: connection.connectionId },
        { status: OVERSIZE_BODY_STATUS, headers: {}, reply: { kind: 'message', message } },
        `line of ${line.bytes} bytes not read: over the ${maxLineBytes}-byte limit`,
      );
      if (stdout.writable) stdout.write(`${JSON.stringify(message)}\n`);
      return;
    }
    if (line.kind === 'invalid-utf8') {
      const message = invalidUtf8Error();
      server.recordRefusal(
        { transport: 'stdio', headers: {}, connectionId: connection.connectionId },
        { status: INVALID_UTF8_STATUS, headers: {}, reply: { kind: 'message', message } },
        `line of ${line.bytes} bytes not read: not valid UTF-8`,
      );
      if (stdout.writable) stdout.write(`${JSON.stringify(message)}\n`);
      return;
    }
    void connection.receive(line.text);
  }

  function finish(reason: StdioCloseReason): void {
    if (finished) return;
    finished = true;
    detach();
    stdin.off('data', onData);
    stdin.off('end', onEnd);
    connection.peerClosed();
    resolveClosed(reason);
  }

  stdin.on('data', onData);
  stdin.once('end', onEnd);
  // Error listeners stay for the streams' lifetime: an EPIPE after close must not crash the process.
  stdin.on('error', onError);
  stdout.on('error', onError);

  return {
    capabilities: stdioDescriptor.capabilities,
    connectionId: connection.connectionId,
    closed,
    close(mode = 'graceful') {
      if (finished) return;
      server.close(mode);
      finish('closed');
    },
  };
}
