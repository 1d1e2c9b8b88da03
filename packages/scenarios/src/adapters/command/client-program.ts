import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { endLeftoverProcesses } from '../../runner/client-process/end-leftover-processes.js';
import {
  CLIENT_MARK_ENV,
  leftAround,
  type ProcessInfo,
  processTable,
} from '../../runner/client-process/process-tree.js';
import { ClientPhaseError } from '../client-phase-error.js';
import { type ProgramMessage, parseProgramLine, type RunnerRequest } from './command-protocol.js';

/** How long to wait for an ended program's stdout and stderr to deliver their last lines, ms. */
const STDERR_DRAIN_MS = 500;

/** Distributes a request type without its `id` (the program wrapper numbers requests). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Sees every protocol line: `to-program` (the runner's requests), `from-program` (its stdout). */
export type ProtocolTap = (direction: 'to-program' | 'from-program', line: string) => void;

/** What a {@link ClientProgram} hands its owner. */
export interface ClientProgramHandlers {
  /** A valid message that is not a `response` (those settle `request` promises). */
  message(message: Exclude<ProgramMessage, { type: 'response' }>): void;
  /** A line on stdout that is not a protocol message, or a stderr line. */
  stray(text: string): void;
}

/**
 * A request the program answered with `ok: false` (its library's error, reported on purpose), as
 * opposed to a program that ended or never answered.
 */
export class ProgramAnswerError extends Error {
  override readonly name = 'ProgramAnswerError';
}

/**
 * One running client program speaking the command-client protocol: spawns the shell command in its
 * own process group, numbers the runner's requests and settles each with the program's `response`,
 * and rejects every pending request when the program exits.
 */
export class ClientProgram {
  private readonly child: ChildProcess;
  /** The program's `CLIENT_MARK_ENV` value: what it starts inherits it. */
  private readonly mark = randomUUID();
  private readonly pending = new Map<
    number,
    { resolve(result: unknown): void; reject(error: Error): void }
  >();
  private nextId = 1;
  private exitReason: string | undefined;
  /** Resolves with a description of how the program ended. */
  readonly exited: Promise<string>;
  /** Resolves once the program's stderr was read to its end (its last lines delivered). */
  private readonly stderrRead: Promise<void>;

  constructor(
    readonly command: string,
    private readonly options: { cwd?: string; env: NodeJS.ProcessEnv; tap?: ProtocolTap },
    private readonly handlers: ClientProgramHandlers,
  ) {
    this.child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      env: { ...options.env, [CLIENT_MARK_ENV]: this.mark },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so the shell and whatever it started end together.
      detached: true,
    });
    const stdout = createInterface({ input: this.child.stdout! });
    stdout.on('line', (line) => this.onLine(line));
    const stdoutRead = new Promise<void>((resolve) => stdout.once('close', resolve));
    this.exited = new Promise((resolve) => {
      const end = (reason: string) => {
        if (this.exitReason !== undefined) return;
        this.exitReason = reason;
        for (const request of this.pending.values())
          request.reject(new Error(`the client program ended (${reason}) before it answered`));
        this.pending.clear();
        resolve(reason);
      };
      this.child.on('error', (error) => end(`it could not start: ${error.message}`));
      // 'exit' can come before the program's last stdout lines were read (its hello, its answers):
      // it counts as ended once they were delivered (bounded, should something it started keep
      // the pipe open).
      this.child.on('exit', (code, signal) => {
        const reason = signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`;
        let timer: NodeJS.Timeout | undefined;
        const drain = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STDERR_DRAIN_MS);
        });
        void Promise.race([stdoutRead, drain]).then(() => {
          clearTimeout(timer);
          end(reason);
        });
      });
    });
    this.child.stdin?.on('error', () => {
      // The program closed its stdin (or exited): pending requests are rejected on exit.
    });
    const stderr = createInterface({ input: this.child.stderr! });
    stderr.on('line', (line) => this.handlers.stray(`stderr: ${line}`));
    this.stderrRead = new Promise((resolve) => stderr.once('close', resolve));
  }

  /** True once the program ended. */
  get ended(): boolean {
    return this.exitReason !== undefined;
  }

  /** Sends a request and resolves with the program's `result` (rejects with its `error`, or when it exits). */
  request(request: WithoutId<Exclude<RunnerRequest, { type: 'shutdown' }>>): Promise<unknown> {
    if (this.exitReason !== undefined)
      return Promise.reject(new Error(`the client program has ended (${this.exitReason})`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ ...request, id } as RunnerRequest);
    });
  }

  /**
   * Processes the program left running when it was shut down (killed then; `pid 123 (sleep)`
   * each), set by {@link shutdown}.
   */
  leftovers: string[] = [];

  /**
   * Sends `shutdown` and waits up to `graceMs` for the program to exit, then kills its process
   * group; then ends what it left running (the rest of its group, and what it started in groups of
   * their own: see `endLeftoverProcesses`), listing them in {@link leftovers}.
   * @returns how the program ended.
   */
  async shutdown(graceMs = 2000): Promise<string> {
    // Its descendants now: once it exits, those that left its group can no longer be told by parent.
    const pid = this.child.pid;
    const table = pid !== undefined && this.exitReason === undefined ? await processTable() : undefined;
    const seen: ProcessInfo[] = table && pid !== undefined ? leftAround(table, pid) : [];
    if (this.exitReason === undefined) {
      this.write({ type: 'shutdown' });
      this.child.stdin?.end();
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), graceMs);
    });
    let reason = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (reason === undefined) {
      this.kill();
      reason = await this.exited;
    }
    // Its last stderr lines may still be in the pipe after the exit: read them (bounded, should
    // something it started keep the pipe open).
    const drain = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STDERR_DRAIN_MS);
    });
    await Promise.race([this.stderrRead, drain]);
    clearTimeout(timer);
    if (pid !== undefined) this.leftovers = await endLeftoverProcesses(pid, { seen, mark: this.mark });
    return reason;
  }

  /** Kills the program's process group at once. */
  kill(): void {
    if (this.exitReason !== undefined || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  private write(message: RunnerRequest): void {
    if (!this.child.stdin?.writable) return;
    const line = JSON.stringify(message);
    this.options.tap?.('to-program', line);
    this.child.stdin.write(`${line}\n`);
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    this.options.tap?.('from-program', line);
    const message = parseProgramLine(line);
    if ('invalid' in message) {
      this.handlers.stray(`stdout (${message.invalid}): ${line.slice(0, 500)}`);
      return;
    }
    if (message.type !== 'response') {
      this.handlers.message(message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) {
      this.handlers.stray(`a response to unknown request ${message.id}`);
      return;
    }
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else
      pending.reject(
        message.phase
          ? Object.assign(
              new ClientPhaseError(message.phase, message.error),
              message.code ? { code: message.code } : {},
            )
          : Object.assign(new ProgramAnswerError(message.error), message.code ? { code: message.code } : {}),
      );
  }
}
