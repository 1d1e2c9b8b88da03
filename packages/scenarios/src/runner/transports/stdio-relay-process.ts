import { type ChildProcess, spawn } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { StdioStreamClientTransport } from '@toolshift/fake-server/stdio';
import type { StdioChannel } from '../../adapters/client-adapter.js';

/** Starts a stdio server process (`command` + `args`) with piped stdin and stdout; its stderr is dropped. */
export function spawnStdioServer(command: string, args: readonly string[]): ChildProcess {
  const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'ignore'] });
  // A process that could not start, or a pipe closed under a write, ends the channel, never the runner.
  child.on('error', () => child.stdout?.destroy());
  child.stdin?.on('error', () => undefined);
  return child;
}

/** A stdio target's `openChannel()`: a fresh server process; its pipes are the channel. */
export function openProcessChannel(command: string, args: readonly string[]): StdioChannel {
  const child = spawnStdioServer(command, args);
  return { toServer: child.stdin!, fromServer: child.stdout! };
}

/**
 * An SDK `Transport` that spawns a stdio server process on `start()` and speaks newline-delimited
 * JSON-RPC over its pipes (a stdio target's `connect()`): `close()` ends its stdin, as a host
 * closing a stdio server does (the process then exits); `onclose` fires when its stdout ends, i.e.
 * when the process went away, whoever ended it.
 */
export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private inner: StdioStreamClientTransport | undefined;
  private child: ChildProcess | undefined;

  constructor(
    private readonly command: string,
    private readonly args: readonly string[],
  ) {}

  /** The server process's pid, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.inner) throw new Error('ProcessStdioTransport already started');
    const child = spawnStdioServer(this.command, this.args);
    this.child = child;
    const inner = new StdioStreamClientTransport(child.stdin!, child.stdout!);
    inner.onmessage = (message) => this.onmessage?.(message);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
    this.inner = inner;
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    await inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.inner) throw new Error('ProcessStdioTransport not started');
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    await this.inner?.close();
  }
}
