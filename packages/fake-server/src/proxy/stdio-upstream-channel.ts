import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { parseMessage } from './http-upstream-channel.js';
import {
  isResponse,
  messageId,
  type UpstreamChannel,
  UpstreamError,
  type UpstreamReply,
  type UpstreamSendOptions,
  type UpstreamStream,
} from './upstream-channel.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';
/** Lines of the server's stderr kept for error messages. */
const STDERR_LINES = 20;

interface Pending {
  originalId: string | number;
  resolve(reply: UpstreamReply): void;
  reject(error: UpstreamError): void;
  timer: NodeJS.Timeout;
}

/**
 * A channel to one server process started from a shell command, speaking newline-delimited
 * JSON-RPC on its stdin/stdout (the process is one legacy session). Request ids are renumbered on
 * the way in and restored on the way out, so several callers can share the process; messages
 * that answer no request (notifications) go to the open streams. A request the server sends the
 * proxy (sampling, roots, elicitation) is refused with -32601: the proxy has no client to ask.
 */
export class StdioUpstreamChannel implements UpstreamChannel {
  readonly kind = 'stdio' as const;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(message: JSONRPCMessage) => void>();
  private readonly subscriptions = new Map<number, (message: JSONRPCMessage) => void>();
  private readonly stderr: string[] = [];
  private nextId = 1;
  private exitReason: string | undefined;
  /** Resolves with how the process ended. */
  readonly exited: Promise<string>;

  constructor(command: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    this.child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so the shell and the server it started end together.
      detached: true,
    });
    this.exited = new Promise((resolve) => {
      const end = (reason: string) => {
        if (this.exitReason !== undefined) return;
        this.exitReason = reason;
        const tail = this.stderr.length
          ? `; its stderr ended with: ${this.stderr.slice(-3).join(' | ')}`
          : '';
        for (const [id, request] of this.pending) {
          clearTimeout(request.timer);
          request.reject(
            new UpstreamError(`the upstream process ended (${reason}) before it answered${tail}`),
          );
          this.pending.delete(id);
        }
        resolve(reason);
      };
      this.child.on('error', (error) => end(`it could not start: ${error.message}`));
      this.child.on('exit', (code, signal) =>
        end(signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`),
      );
    });
    this.child.stdin?.on('error', () => {
      // The server closed its stdin or exited: pending requests are rejected on exit.
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.onLine(line));
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      this.stderr.push(line);
      if (this.stderr.length > STDERR_LINES) this.stderr.shift();
    });
  }

  /** The last lines the server wrote to stderr. */
  stderrTail(): string[] {
    return [...this.stderr];
  }

  send(message: JSONRPCMessage, options: UpstreamSendOptions = {}): Promise<UpstreamReply> {
    if (this.exitReason !== undefined)
      return Promise.reject(new UpstreamError(`the upstream process has ended (${this.exitReason})`));
    const originalId = 'method' in message ? messageId(message) : undefined;
    if (originalId === undefined) {
      this.write(message);
      return Promise.resolve({ status: undefined, headers: {}, before: [], answer: undefined });
    }
    const id = this.nextId++;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new UpstreamError(`the upstream did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { originalId, resolve, reject, timer });
      this.write({ ...message, id } as JSONRPCMessage);
    });
  }

  async openStream(
    open: 'get' | JSONRPCMessage,
    _options: UpstreamSendOptions,
    onMessage: (message: JSONRPCMessage) => void,
  ): Promise<UpstreamStream> {
    if (this.exitReason !== undefined)
      throw new UpstreamError(`the upstream process has ended (${this.exitReason})`);
    let close: () => void;
    if (open === 'get') {
      // On stdio the channel itself carries unsolicited messages.
      this.listeners.add(onMessage);
      close = () => this.listeners.delete(onMessage);
    } else {
      const id = this.nextId++;
      this.subscriptions.set(id, onMessage);
      this.write({ ...open, id } as JSONRPCMessage);
      close = () => {
        if (!this.subscriptions.delete(id)) return;
        this.write({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: id },
        } as JSONRPCMessage);
      };
    }
    let ended: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      ended = resolve;
      void this.exited.then(() => resolve());
    });
    return {
      closed,
      close: () => {
        close();
        ended();
      },
    };
  }

  endSession(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    if (this.exitReason !== undefined) return;
    this.child.stdin?.end();
    const pid = this.child.pid;
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (pid !== undefined) process.kill(-pid, signal);
      } catch {
        // Already gone.
      }
    };
    kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.exited,
      new Promise((resolve) => {
        timer = setTimeout(resolve, 2000);
      }),
    ]);
    clearTimeout(timer);
    if (this.exitReason === undefined) kill('SIGKILL');
  }

  private write(message: JSONRPCMessage): void {
    this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    const parsed = parseMessage(line);
    if (!parsed || Array.isArray(parsed)) return;
    if (isResponse(parsed)) {
      const id = messageId(parsed);
      const request = typeof id === 'number' ? this.pending.get(id) : undefined;
      if (request && typeof id === 'number') {
        this.pending.delete(id);
        clearTimeout(request.timer);
        request.resolve({
          status: undefined,
          headers: {},
          before: [],
          answer: { ...parsed, id: request.originalId } as JSONRPCMessage,
          text: line,
        });
        return;
      }
      // The final result of a listen stream.
      if (typeof id === 'number' && this.subscriptions.has(id)) this.subscriptions.get(id)?.(parsed);
      return;
    }
    if ('id' in parsed && 'method' in parsed) {
      // A request to the proxy as a client: there is no client here to ask.
      this.write({
        jsonrpc: '2.0',
        id: messageId(parsed)!,
        error: { code: -32601, message: `Method not found: ${(parsed as { method: string }).method}` },
      } as JSONRPCMessage);
      return;
    }
    const meta = (parsed as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
    const subscription = meta?.[SUBSCRIPTION_ID_KEY];
    if (typeof subscription === 'number' && this.subscriptions.has(subscription)) {
      this.subscriptions.get(subscription)?.(parsed);
      return;
    }
    for (const listener of this.listeners) listener(parsed);
  }
}
