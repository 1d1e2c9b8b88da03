import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fail } from '@toolshift/assertions';
import { ToolshiftError } from '@toolshift/fake-server';
import { StderrCapture } from '../../adapters/client-stderr.js';
import type { CellEra, Scenario } from '../../scenario.js';
import type { CheckVerdict } from '../cell.js';
import type { RawCellResult } from '../run-cell.js';
import { CellStderrSplitter, withoutEndMarks } from './cell-stderr-splitter.js';
import type {
  ClientDescription,
  ClientJob,
  FromClientProcess,
  PortableCellOptions,
  ToClientProcess,
} from './client-process-protocol.js';

/** The runner check a cell fails when its client process dies or hangs mid-cell. */
export const PROCESS_SURVIVED_CHECK = 'runner.client-process-survived';

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
}

/** The entry script next to this file: `.ts` when toolshift runs from its sources (tests), `.js` from `dist`. */
function entryPoint(): { path: string; execArgv: string[] } {
  const self = fileURLToPath(import.meta.url);
  const ext = extname(self);
  const path = fileURLToPath(new URL(`./client-process-main${ext}`, import.meta.url));
  if (ext !== '.ts') return { path, execArgv: process.execArgv };
  // From sources: load TypeScript with tsx and resolve the workspace packages to their sources too.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: ['--conditions=toolshift-source', '--import', tsx] };
}

/** The last `max` characters of what a stream wrote. */
class Tail {
  private text = '';
  constructor(private readonly max: number) {}
  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.max);
  }
  toString(): string {
    return this.text.trim();
  }
}

interface RunningCell {
  id: number;
  at: string | undefined;
  resolve(result: RawCellResult): void;
  base: Pick<RawCellResult, 'scenarioId' | 'era' | 'transport' | 'client'>;
  started: number;
  /** What the process wrote to stderr since the cell started. */
  stderr: StderrCapture;
  /** The result, once it arrived, while the process's stderr has not reached the cell's end mark. */
  result?: RawCellResult;
  /** Set once the stderr end mark of this cell was read. */
  stderrDone?: boolean;
  /** Finishes with the result after `OUTPUT_DRAIN_MS` should the end mark never come. */
  drainTimer?: NodeJS.Timeout;
}

interface RunningJob {
  id: number;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/**
 * One client process: a child process (Node's `fork`, with an IPC channel) that loads one
 * `--client-module` file and runs that module's cells one at a time — the fake servers, msw,
 * in-memory and stdio channels and the adapter all live in it, and each cell's result comes back as
 * plain data. If the process ends or goes silent mid-cell (`process.exit` from the client, a native
 * crash, an unhandled rejection, a blocked event loop), the cell fails the runner check
 * `runner.client-process-survived`, naming how it ended, during which action, and the tail of its
 * stderr; the process is then gone and its owner starts another for the next cell.
 */
export class ClientProcess {
  /** Resolves with the module's clients once it loaded. */
  readonly loaded: Promise<ClientDescription[]>;
  private readonly child: ChildProcess;
  private readonly stderr: Tail;
  private readonly stdout: Tail;
  private readonly silenceTimeoutMs: number;
  private cell: RunningCell | undefined;
  private job: RunningJob | undefined;
  /** Splits the process's stderr at the marks that end each cell. */
  private readonly stderrSplitter = new CellStderrSplitter();
  private nextId = 1;
  private silence: NodeJS.Timeout | undefined;
  private killedFor: string | undefined;
  private endedHow: string | undefined;
  private readonly ended: Promise<string>;
  private loadedHandlers:
    | { resolve(clients: ClientDescription[]): void; reject(error: Error): void }
    | undefined;

  constructor(
    readonly modulePath: string,
    private readonly options: ClientProcessOptions = {},
  ) {
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? 30_000;
    this.stderr = new Tail(options.outputTailChars ?? 2000);
    this.stdout = new Tail(options.outputTailChars ?? 2000);
    const entry = entryPoint();
    this.child = fork(entry.path, [modulePath], {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
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
        end(
          this.killedFor ??
            (signal
              ? `was killed by ${signal}`
              : `exited with code ${code}${code === 0 ? ' (something in the client called process.exit(0))' : ''}`),
        ),
      );
    });
    this.loaded = new Promise((resolve, reject) => {
      this.loadedHandlers = { resolve, reject };
    });
    // Nobody may be waiting on `loaded` yet (a pool keeps the promise); never an unhandled rejection.
    this.loaded.catch(() => undefined);
    this.child.on('message', (message: FromClientProcess) => this.onMessage(message));
    const loadTimeoutMs = options.loadTimeoutMs ?? 60_000;
    const loading = setTimeout(
      () => this.kill(`was still loading the module after ${loadTimeoutMs} ms and was killed`),
      loadTimeoutMs,
    );
    this.loaded.then(
      () => clearTimeout(loading),
      () => clearTimeout(loading),
    );
  }

  /** True until the process ended (exited, was killed, or could not start). */
  get alive(): boolean {
    return this.endedHow === undefined;
  }

  /**
   * Runs one cell of client `client` in the process and resolves with its result; never rejects.
   * If the process ends or goes silent before the result arrives, the result is a failing cell with
   * the check `runner.client-process-survived`.
   * @throws {Error} when a cell is already running in this process (one at a time).
   */
  runCell(
    client: string,
    scenario: Scenario,
    era: CellEra,
    options: PortableCellOptions & { transport: RawCellResult['transport'] },
  ): Promise<RawCellResult> {
    if (this.cell || this.job) throw new Error('a client process runs one cell at a time');
    const base = { scenarioId: scenario.id, era, transport: options.transport, client };
    const started = Date.now();
    if (!this.alive) return Promise.resolve(this.deathResult(base, started, undefined, this.endedHow!));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.cell = { id, at: undefined, resolve, base, started, stderr: new StderrCapture() };
      try {
        this.post({ type: 'run-cell', id, client, scenario, era, options });
      } catch (error) {
        this.onMessage({
          type: 'cell-error',
          id,
          message: `the cell could not be sent: ${(error as Error).message}`,
        });
        return;
      }
      this.watch();
    });
  }

  /**
   * Runs a job other than a cell in the process — exploring a property or replaying a counterexample
   * with the module's client (see {@link ClientJob}) — and resolves with its answer.
   * @throws {Error} when the job throws in the process, or the process ends or goes silent first
   *   (naming how it ended and its last output).
   */
  runJob(job: ClientJob): Promise<unknown> {
    if (this.cell || this.job) throw new Error('a client process runs one job at a time');
    if (!this.alive) return Promise.reject(new Error(`the client's process ${this.endedHow}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.job = { id, resolve, reject };
      this.post({ type: 'job', id, job });
      this.watch();
    });
  }

  /** Ends the process: `shutdown`, then SIGKILL after the grace period. Resolves once it is gone. */
  async close(): Promise<void> {
    if (!this.alive) return;
    this.post({ type: 'shutdown' });
    const grace = setTimeout(() => this.kill('it was closed'), this.options.shutdownGraceMs ?? 2000);
    await this.ended;
    clearTimeout(grace);
  }

  private post(message: ToClientProcess): void {
    if (this.child.connected) this.child.send(message, (error) => error && undefined);
  }

  private kill(why: string): void {
    this.killedFor ??= why;
    this.child.kill('SIGKILL');
  }

  /** (Re)starts the silence watchdog while the process runs a cell. */
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

  private onMessage(message: FromClientProcess): void {
    this.watch();
    switch (message.type) {
      case 'alive':
        return;
      case 'loaded':
        this.loadedHandlers?.resolve(message.clients);
        this.loadedHandlers = undefined;
        return;
      case 'load-failed':
        this.loadedHandlers?.reject(
          new ToolshiftError('CLIENT_MODULE_INVALID', message.message, {
            source: this.modulePath,
            reason: message.reason,
          }),
        );
        this.loadedHandlers = undefined;
        void this.close();
        return;
      case 'cell-progress':
        if (this.cell?.id === message.id) this.cell.at = message.at;
        return;
      case 'cell-result':
        if (this.cell?.id === message.id) this.resultArrived(message.result);
        return;
      case 'job-result':
        if (this.job?.id === message.id) {
          this.job.resolve(message.result);
          this.job = undefined;
        }
        return;
      case 'job-error':
        if (this.job?.id === message.id) {
          this.job.reject(new Error(message.message));
          this.job = undefined;
        }
        return;
      case 'cell-error':
        if (this.cell?.id === message.id) {
          const { base, started } = this.cell;
          // The process writes the cell's end mark before this answer too: wait for it like for a result.
          this.resultArrived({
            ...base,
            rawStatus: 'error',
            error: `the runner failed inside the client process: ${message.message}`,
            verdicts: [],
            transcript: [],
            servers: [],
            observations: [],
            durationMs: Date.now() - started,
          });
        }
        return;
    }
  }

  /**
   * The cell's result arrived over IPC: it is final once the process's stderr reached the cell's end
   * mark (the two travel on different pipes), so the cell's stderr is complete.
   */
  private resultArrived(result: RawCellResult): void {
    const cell = this.cell;
    if (!cell) return;
    cell.result = result;
    if (cell.stderrDone) this.finish(result);
    else cell.drainTimer = setTimeout(() => this.finish(result), OUTPUT_DRAIN_MS);
  }

  /** Attributes stderr to the running cell, up to its end mark (which the process writes after the cell). */
  private onStderr(chunk: string): void {
    this.stderr.add(chunk);
    for (const piece of this.stderrSplitter.push(chunk)) {
      const cell = this.cell;
      cell?.stderr.add(piece.text);
      if (cell && piece.endOf === cell.id) {
        cell.stderrDone = true;
        if (cell.result) this.finish(cell.result);
      }
    }
  }

  private finish(result: RawCellResult): void {
    const cell = this.cell;
    if (cell) {
      clearTimeout(cell.drainTimer);
      // Its end mark never came (the process died, or was too slow): what is held back belongs to it too.
      if (!cell.stderrDone) cell.stderr.add(this.stderrSplitter.flush());
      const clientStderr = cell.stderr.result();
      cell.resolve(clientStderr ? { ...result, clientStderr } : result);
    }
    this.cell = undefined;
    this.watch();
  }

  private onEnded(how: string): void {
    const output = this.output();
    const reason = `its process ${how}${how.includes('loading') ? '' : ' while loading the module'}`;
    this.loadedHandlers?.reject(
      new ToolshiftError(
        'CLIENT_MODULE_INVALID',
        `Client module ${this.modulePath}: ${reason}${output ? `; its last output: ${output}` : ''}.`,
        { source: this.modulePath, reason },
      ),
    );
    this.loadedHandlers = undefined;
    if (this.cell) {
      const { base, started, at, result } = this.cell;
      this.finish(result ?? this.deathResult(base, started, at, how));
    }
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

  private deathResult(
    base: RunningCell['base'],
    started: number,
    at: string | undefined,
    how: string,
  ): RawCellResult {
    const output = this.output();
    const message =
      `The client's process ${how} ${at ? `during ${at}` : 'before the cell started'}, so the cell could not finish ` +
      '(the run goes on; the next cell gets a fresh process).' +
      (output ? ` Its last output: ${output}` : ' It wrote nothing to stderr.');
    const verdict: CheckVerdict = {
      ...fail(PROCESS_SURVIVED_CHECK, message, []),
      checkId: PROCESS_SURVIVED_CHECK,
    };
    return {
      ...base,
      rawStatus: 'fail',
      verdicts: [verdict],
      firstFailure: verdict,
      transcript: [],
      servers: [],
      observations: [],
      durationMs: Date.now() - started,
    };
  }
}
