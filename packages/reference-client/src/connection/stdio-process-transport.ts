import { type ChildProcess, spawn } from 'node:child_process';
import {
  deserializeMessage,
  type JSONRPCMessage,
  SdkError,
  SdkErrorCode,
  type Transport,
} from '@modelcontextprotocol/client';

/**
 * How to start a local MCP server that speaks newline-delimited JSON-RPC on stdin/stdout.
 * `env` is added to a small inherited set (`PATH`, `HOME`, `USER`, `LOGNAME`, `SHELL`, `TERM`,
 * `LANG`, `TMPDIR`; on Windows the variables a process needs to start), never the host's whole
 * environment: a server gets no secret it was not given.
 */
export interface StdioServerConfig {
  /** The executable (no shell is involved). */
  command: string;
  args?: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/** Bounds of one server process. */
export interface StdioBounds {
  /** Largest JSON-RPC message read from stdout, bytes (default 32 MiB); a bigger one kills the process. */
  maxMessageBytes: number;
  /** stderr bytes kept (the newest), default 64 KiB. */
  maxStderrBytes: number;
  /** After `close()` sends SIGTERM, SIGKILL follows this much later if the process still runs, ms (default 2,000). */
  killGraceMs: number;
}

/** The defaults of {@link StdioBounds}. */
export const DEFAULT_STDIO_BOUNDS: StdioBounds = {
  maxMessageBytes: 32 * 1024 * 1024,
  maxStderrBytes: 64 * 1024,
  killGraceMs: 2_000,
};

/** How a server process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why the host ended it, when it did (`closed`, `message-too-large`). */
  killedBy?: 'closed' | 'message-too-large';
}

const INHERITED_ENV =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'COMSPEC',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
      ]
    : ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR'];

/**
 * An SDK `Transport` that runs a local MCP server as a child process (stdio framing: one JSON-RPC
 * message per line). It never writes to a process that has exited (`send` fails with
 * `NotConnected` instead), keeps the newest `maxStderrBytes` of stderr for the host to show, kills
 * a process whose message exceeds `maxMessageBytes`, and reaps the process on `close()` (stdin
 * closed and SIGTERM at once, SIGKILL after `killGraceMs`) or when it exits by itself. `close()`
 * resolves as soon as the process exited, or after `closeWaitMs` (default 100) with the kill still
 * under way. `onclose` fires once, whichever comes first.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 (stdio era detection)
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private exitInfo: ProcessExit | undefined;
  private killedBy: ProcessExit['killedBy'];
  private exited: Promise<void> | undefined;
  private closedFired = false;
  private readonly pending: Buffer[] = [];
  private pendingBytes = 0;
  private stderrChunks: Buffer[] = [];
  private stderrBytes = 0;
  private readonly bounds: StdioBounds;

  constructor(
    private readonly server: StdioServerConfig,
    bounds: Partial<StdioBounds> = {},
    private readonly closeWaitMs = 100,
  ) {
    this.bounds = { ...DEFAULT_STDIO_BOUNDS, ...bounds };
  }

  /** The process id once started. (Its presence also tells the SDK this is a stdio transport.) */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Not a stream: stderr is captured; read it with {@link stderrTail}. */
  get stderr(): null {
    return null;
  }

  /** The newest stderr output (at most `maxStderrBytes`), as UTF-8 text. */
  stderrTail(): string {
    return Buffer.concat(this.stderrChunks).toString('utf8');
  }

  /** How the process ended, once it did. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  /**
   * Spawns the process.
   * @throws {Error} what `spawn` reports (e.g. `ENOENT` for a missing command), or when started twice.
   */
  async start(): Promise<void> {
    if (this.child) throw new Error('StdioProcessTransport already started');
    const env: Record<string, string> = {};
    for (const key of INHERITED_ENV) {
      const value = process.env[key];
      if (value !== undefined) env[key] = value;
    }
    const child = spawn(this.server.command, [...(this.server.args ?? [])], {
      env: { ...env, ...this.server.env },
      ...(this.server.cwd !== undefined ? { cwd: this.server.cwd } : {}),
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal, ...(this.killedBy ? { killedBy: this.killedBy } : {}) };
        resolve();
        this.fireClose();
      });
    });
    child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr!.on('data', (chunk: Buffer) => this.keepStderr(chunk));
    // A write racing the process's exit fails with EPIPE; `send` already refuses after the exit.
    child.stdin!.on('error', () => {});
    child.stdout!.on('error', (error) => this.onerror?.(error));
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => {
        this.exitInfo ??= { code: null, signal: null };
        reject(error);
        this.fireClose();
      });
    });
  }

  /** Writes one message; never to a process that has exited. */
  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exitInfo || stdin.destroyed || !stdin.writable) {
      throw new SdkError(
        SdkErrorCode.NotConnected,
        this.exitInfo
          ? `the server process exited (${describeExit(this.exitInfo)}); nothing is written to it`
          : 'the server process is not running',
      );
    }
    if (stdin.write(`${JSON.stringify(message)}\n`)) return;
    // Backpressure: wait for the pipe to drain, or for the process to go away.
    await Promise.race([new Promise((resolve) => stdin.once('drain', resolve)), this.exited]);
  }

  /** Ends the process (stdin closed, SIGTERM, SIGKILL after `killGraceMs`). Idempotent. */
  async close(): Promise<void> {
    const child = this.child;
    if (child && !this.exitInfo) {
      this.kill('closed');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.exited,
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.closeWaitMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    }
    this.fireClose();
  }

  private kill(why: NonNullable<ProcessExit['killedBy']>): void {
    const child = this.child;
    if (!child || this.exitInfo || this.killedBy) return;
    this.killedBy = why;
    child.stdin?.end();
    child.kill('SIGTERM');
    const escalate = setTimeout(() => {
      if (!this.exitInfo) child.kill('SIGKILL');
    }, this.bounds.killGraceMs);
    escalate.unref();
    void this.exited?.then(() => clearTimeout(escalate));
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, newline));
      const line = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
      this.pending.length = 0;
      this.pendingBytes = 0;
      start = newline + 1;
      this.deliver(line);
      if (this.killedBy === 'message-too-large') return;
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > this.bounds.maxMessageBytes) {
        this.pending.length = 0;
        this.pendingBytes = 0;
        this.onerror?.(
          new Error(`a message from the server process exceeded ${this.bounds.maxMessageBytes} bytes`),
        );
        this.kill('message-too-large');
      }
    }
  }

  private deliver(line: Buffer): void {
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  private keepStderr(chunk: Buffer): void {
    this.stderrChunks.push(chunk);
    this.stderrBytes += chunk.length;
    while (this.stderrBytes > this.bounds.maxStderrBytes && this.stderrChunks.length > 0) {
      const oldest = this.stderrChunks[0]!;
      const excess = this.stderrBytes - this.bounds.maxStderrBytes;
      if (oldest.length <= excess) {
        this.stderrChunks.shift();
        this.stderrBytes -= oldest.length;
      } else {
        this.stderrChunks[0] = oldest.subarray(excess);
        this.stderrBytes -= excess;
      }
    }
  }

  private fireClose(): void {
    if (this.closedFired) return;
    this.closedFired = true;
    this.onclose?.();
  }
}

/** `exit code 1`, `signal SIGKILL`, … */
export function describeExit(exit: ProcessExit): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  return exit.killedBy ? `${how}, ended by the host: ${exit.killedBy}` : how;
}

/** A stdio server's process as a connection reports it: its pid (while it runs), the newest stderr, how it exited. */
export interface ProcessFacts {
  pid: number | null;
  stderrTail: string;
  exit?: string;
}

/** The process facts of `transport`, when it is a {@link StdioProcessTransport}. */
export function processFacts(transport: Transport): ProcessFacts | undefined {
  if (!(transport instanceof StdioProcessTransport)) return undefined;
  const exit = transport.exit;
  return {
    pid: exit ? null : transport.pid,
    stderrTail: transport.stderrTail(),
    ...(exit ? { exit: describeExit(exit) } : {}),
  };
}

/** How a transport that closed by itself ended (a stdio exit code and the stderr tail). */
export function closeDetail(transport: Transport): string {
  if (transport instanceof StdioProcessTransport && transport.exit) {
    const stderr = transport.stderrTail().trim().split('\n').slice(-3).join(' | ');
    const { code, signal } = transport.exit;
    return `the server process exited (${signal ? `signal ${signal}` : `exit code ${code}`})${stderr ? `: ${stderr.slice(0, 500)}` : ''}`;
  }
  return 'the transport closed';
}
