import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { CellStderrSplitter, withoutEndMarks } from './cell-stderr-splitter.js';
import { checkFromClientProcess, jobAnswerProblem } from './client-process-messages.js';
import type {
  AdapterMethod,
  ClientDescription,
  ClientJob,
  ToClientProcess,
} from './client-process-protocol.js';
import { endLeftoverProcesses, killGroup } from './end-leftover-processes.js';
import { describeExit, forkClientProcess, OutputTail } from './fork-client-process.js';
import { ModuleLoading } from './module-loading.js';
import { printable } from './plain-data.js';
import { leftAround, processTable } from './process-tree.js';
import { type ClientProcessCell, type RemoteCell, remoteCell } from './remote-cell.js';

/** How long to wait for a dead process's pipes to deliver their last output, ms. */
const OUTPUT_DRAIN_MS = 500;

/** Options of a {@link ClientProcess}; times are ms of wall time. */
export interface ClientProcessOptions {
  /**
   * How long the process may stay silent (no heartbeat: its event loop is blocked) while it runs a
   * cell before it is killed (default 30000).
   */
  silenceTimeoutMs?: number;
  /** How long the process may take to start and load the module before it is killed (default 60000). */
  loadTimeoutMs?: number;
  /** How long the process has to exit after `shutdown` before it is killed (default 2000). */
  shutdownGraceMs?: number;
  /** How much of the process's stderr (and stdout) to keep for error messages, characters (default 2000). */
  outputTailChars?: number;
  /** How long processes the client left behind get to exit by themselves when a cell ends (default 1000). */
  leftoverGraceMs?: number;
}

/** A request or job waiting for its answer. */
interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * One client process: a child process (Node's `fork`, with an IPC channel, leading a process group
 * of its own) that loads one `--client-module` file and hosts that module's adapters, one cell at a
 * time. The cell itself — fake servers, transcripts, checks — runs in the runner: {@link openCell}
 * gives the runner an adapter whose every method is a request to this process. Every message the
 * process sends is checked as plain data of an expected shape (`client-process-messages.ts`); a
 * message that fails is ignored and becomes a harness warning of the cell. If the process ends or
 * goes silent mid-cell (`process.exit` from the client, a native crash, an unhandled rejection, a
 * blocked event loop), its pending requests fail and the cell fails the runner check
 * `runner.client-process-survived`; the process is then gone and its pool starts another for the
 * next cell.
 */
export class ClientProcess {
  /** Resolves with the module's clients once it loaded. */
  readonly loaded: Promise<ClientDescription[]>;
  private readonly child: ChildProcess;
  private readonly mark = randomUUID(); // its CLIENT_MARK_ENV value, inherited by what it starts
  private readonly stderr: OutputTail;
  private readonly stdout: OutputTail;
  private readonly silenceTimeoutMs: number;
  private readonly pending = new Map<number, Waiting>();
  private cell: RemoteCell | undefined;
  private job: (Waiting & { id: number }) | undefined;
  /** Harness warnings that arrived between cells (the next cell reports them). */
  private stray: string[] = [];
  /** Splits the process's stderr at the marks that end each cell. */
  private readonly stderrSplitter = new CellStderrSplitter();
  private nextId = 1;
  /** The processes around this one when the running cell started (they are not its leftovers). */
  private cellStartedWith: ReadonlySet<number> = new Set();
  private silence: NodeJS.Timeout | undefined;
  private killedFor: string | undefined;
  private disconnected = false;
  private shuttingDown = false;
  private endedHow: string | undefined;
  private readonly ended: Promise<string>;
  private readonly loading: ModuleLoading;

  constructor(
    readonly modulePath: string,
    private readonly options: ClientProcessOptions = {},
  ) {
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? 30_000;
    this.stderr = new OutputTail(options.outputTailChars ?? 2000);
    this.stdout = new OutputTail(options.outputTailChars ?? 2000);
    this.child = forkClientProcess(modulePath, this.mark);
    const drained = [this.child.stdout, this.child.stderr].map(
      (stream) => new Promise<void>((resolve) => stream?.once('close', resolve) ?? resolve()),
    );
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.stdout.add(chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.onStderr(chunk));
    this.ended = new Promise((resolve) => {
      const end = (how: string) => {
        if (this.endedHow !== undefined) return;
        this.endedHow = how;
        clearTimeout(this.silence);
        this.failPending(how);
        resolve(how);
        // The pipes may still hold its last output: settle once they are drained (or shortly after,
        // should a process it started keep them open).
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((done) => {
          timer = setTimeout(done, OUTPUT_DRAIN_MS);
        });
        void Promise.race([Promise.all(drained), late]).then(() => {
          clearTimeout(timer);
          this.onEnded(how);
        });
      };
      this.child.on('error', (error) => end(`could not be started (${error.message})`));
      this.child.on('exit', (code, signal) =>
        end(this.killedFor ?? describeExit(code, signal, this.disconnected && !this.shuttingDown)),
      );
    });
    this.loading = new ModuleLoading(modulePath, options.loadTimeoutMs ?? 60_000, (why) => this.kill(why));
    this.loaded = this.loading.promise;
    this.child.on('message', (message: unknown) => this.onMessage(message));
  }

  /** True until the process ended (exited, was killed, or could not start). */
  get alive(): boolean {
    return this.endedHow === undefined;
  }

  /**
   * Starts a cell with client `client` of the module: creates its adapter in the process.
   * @returns the cell (its adapter and its end), or the reason the adapter could not be created
   *   (`create()` threw, the process has no such client).
   * @throws {Error} when a cell or job is already running here (one at a time), or the process
   *   ended or went silent before the adapter was created (naming how).
   */
  async openCell(client: string): Promise<ClientProcessCell | { error: string }> {
    if (this.cell || this.job) throw new Error('a client process runs one cell at a time');
    if (!this.alive) throw new Error(`the client's process ${this.endedHow}`);
    const cell = remoteCell({
      request: (method, args, beforeSend) => this.request(method, args, beforeSend),
      post: (message) => this.post(message),
      end: (serverPids) => this.endCell(serverPids),
    });
    for (const text of this.stray.splice(0)) cell.warn(text);
    this.cell = cell;
    this.cellStartedWith = await this.around();
    this.watch();
    try {
      return await cell.create(client);
    } catch (error) {
      this.cell = undefined;
      this.watch();
      if (this.alive) return { error: (error as Error).message };
      throw error;
    }
  }

  /**
   * Runs a job other than a cell in the process — exploring a property or replaying a counterexample
   * with the module's client (see {@link ClientJob}) — and resolves with its answer. Unlike a cell,
   * a job's outcome is computed in the client process (its trials run the fake server, the client
   * and the scheduler under one virtual clock there), so the client's code can reach it: the answer
   * is checked for its shape only.
   * @throws {Error} when the job throws in the process, or the process ends or goes silent first
   *   (naming how it ended and its last output).
   */
  runJob(job: ClientJob): Promise<unknown> {
    if (this.cell || this.job) throw new Error('a client process runs one job at a time');
    if (!this.alive) return Promise.reject(new Error(`the client's process ${this.endedHow}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.job = {
        id,
        resolve: (result) => {
          const problem = jobAnswerProblem(job.kind, result);
          if (problem)
            reject(
              new Error(
                `the client process answered the ${job.kind} job with something else than its outcome (${problem})`,
              ),
            );
          else resolve(result);
        },
        reject,
      };
      this.post({ type: 'job', id, job });
      this.watch();
    });
  }

  /** Ends the process and its process group: `shutdown`, then SIGKILL after the grace period. Resolves once it is gone. */
  async close(): Promise<void> {
    if (this.alive) {
      this.shuttingDown = true;
      this.post({ type: 'shutdown' });
      const grace = setTimeout(() => this.kill('it was closed'), this.options.shutdownGraceMs ?? 2000);
      await this.ended;
      clearTimeout(grace);
    }
    if (this.child.pid !== undefined) killGroup(this.child.pid);
  }

  private request(
    method: AdapterMethod | 'create' | 'end-cell',
    args: unknown[],
    beforeSend?: (id: number) => void,
  ): Promise<unknown> {
    if (!this.alive) return Promise.reject(new Error(`the client's process ${this.endedHow}`));
    const id = this.nextId++;
    beforeSend?.(id);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const adapter = this.cell?.adapterId ?? 0;
      if (method === 'create') this.post({ type: 'create', id, client: args[0] as string });
      else if (method === 'end-cell') this.post({ type: 'end-cell', id, adapter });
      else this.post({ type: 'call', id, adapter, method, args });
    });
  }

  /**
   * Ends the running cell in the process (its adapter, channels and interception go), waits for the
   * cell's stderr to end (its end mark), then ends the processes the client left behind.
   */
  private async endCell(serverPids: readonly number[]): Promise<{ stderr: string; leftovers: string[] }> {
    const cell = this.cell;
    if (!cell) return { stderr: '', leftovers: [] };
    if (this.alive) {
      const marked = new Promise<void>((resolve) => {
        cell.onStderrEnd = resolve;
      });
      await this.request('end-cell', []).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        marked,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, OUTPUT_DRAIN_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    // Its end mark never came (the process died, or was too slow): what is held back belongs to it too.
    if (!cell.stderrDone) cell.stderr.add(this.stderrSplitter.flush());
    const leftovers =
      this.child.pid === undefined
        ? []
        : await endLeftoverProcesses(this.child.pid, {
            graceMs: this.options.leftoverGraceMs ?? 1000,
            before: this.cellStartedWith,
            ours: serverPids,
            mark: this.mark,
          });
    this.cell = undefined;
    this.watch();
    return { stderr: this.output(), leftovers };
  }

  /** The pids of the processes around this one now (its group and descendants). */
  private async around(): Promise<ReadonlySet<number>> {
    const table = this.child.pid !== undefined ? await processTable() : undefined;
    return new Set(table ? leftAround(table, this.child.pid!).map((info) => info.pid) : []);
  }

  private post(message: ToClientProcess): void {
    if (this.child.connected) this.child.send(message, (error) => error && undefined);
  }

  private kill(why: string): void {
    this.killedFor ??= why;
    if (this.child.pid !== undefined) killGroup(this.child.pid);
    this.child.kill('SIGKILL');
  }

  /** (Re)starts the silence watchdog while the process runs a cell or a job. */
  private watch(): void {
    clearTimeout(this.silence);
    if (!this.alive || (!this.cell && !this.job)) return;
    this.silence = setTimeout(
      () =>
        this.kill(
          `stopped responding for ${this.silenceTimeoutMs} ms (its event loop was blocked, e.g. a busy loop or a synchronous wait in the client) and was killed`,
        ),
      this.silenceTimeoutMs,
    );
  }

  private warn(text: string): void {
    if (this.cell) this.cell.warn(text);
    else if (this.stray.length < 20) this.stray.push(printable(text));
  }

  private onMessage(raw: unknown): void {
    const message = checkFromClientProcess(raw);
    if ('refused' in message) {
      // Its clients described in a way toolshift cannot read: the module cannot be used.
      if (this.loading.pending && (raw as { type?: unknown } | null)?.type === 'loaded') {
        const reason = `its process described its clients as toolshift cannot read them (${message.refused})`;
        this.loading.failed(`Client module ${this.modulePath}: ${reason}.`, reason);
        void this.close();
        return;
      }
      this.warn(`the client process sent ${message.refused}; toolshift ignored it`);
      return;
    }
    this.watch();
    switch (message.type) {
      case 'alive':
        return;
      case 'disconnecting':
        this.disconnected = true;
        return;
      case 'loaded':
      case 'load-failed':
        if (!this.loading.pending) {
          this.warn(`the client process said '${message.type}' after it loaded; ignored`);
          return;
        }
        if (message.type === 'loaded')
          this.loading.loaded(
            message.clients.map((client) => ({ ...client, description: client.description ?? '' })),
          );
        else {
          this.loading.failed(message.message, message.reason);
          void this.close();
        }
        return;
      case 'answer': {
        const pending = this.pending.get(message.id);
        if (!pending) {
          this.warn(
            `the client process answered request ${message.id}, which it was never sent (or already answered)`,
          );
          return;
        }

        this.pending.delete(message.id);
        if (message.ok) pending.resolve(message.value);
        else
          pending.reject(
            Object.assign(new Error(message.error), {
              ...(message.code !== undefined ? { code: message.code } : {}),
              ...(message.phase !== undefined ? { phase: message.phase } : {}),
            }),
          );
        return;
      }
      case 'job-result':
      case 'job-error':
        if (this.job?.id !== message.id) {
          this.warn(`the client process answered job ${message.id}, which it was never given`);
          return;
        }
        if (message.type === 'job-result') this.job.resolve(message.result);
        else this.job.reject(new Error(message.message));
        this.job = undefined;
        return;
      default:
        if (!this.cell) {
          this.warn(`the client process sent '${message.type}' while no cell ran; ignored`);
          return;
        }
        this.cell.receive(message);
    }
  }

  /** Attributes stderr to the running cell, up to its end mark (which the process writes when the cell ends). */
  private onStderr(chunk: string): void {
    this.stderr.add(chunk);
    for (const piece of this.stderrSplitter.push(chunk)) {
      const cell = this.cell;
      cell?.stderr.add(piece.text);
      if (cell && piece.endOf === cell.adapterId) {
        cell.stderrDone = true;
        cell.onStderrEnd?.();
      }
    }
  }

  private failPending(how: string): void {
    const error = new Error(`the client's process ${how}`);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.cell?.died(how);
  }

  private onEnded(how: string): void {
    const output = this.output();
    this.loading.ended(how, output);
    if (this.job) {
      this.job.reject(
        new Error(`the client's process ${how}${output ? `; its last output: ${output}` : ''}`),
      );
      this.job = undefined;
    }
  }

  /** The process's last stderr (else stdout) output, on one line. */
  private output(): string {
    const text = withoutEndMarks(this.stderr.toString() || this.stdout.toString());
    return text.replace(/\s*\n\s*/g, ' | ');
  }
}
