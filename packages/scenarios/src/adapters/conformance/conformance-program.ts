import { type ChildProcess, spawn } from 'node:child_process';
import { type ClientStderr, StderrCapture } from '../client-stderr.js';

/** How long to wait for an ended program's stderr to deliver its last output, ms. */
const STDERR_DRAIN_MS = 500;

/** Lines of the program's output kept for evidence (the last ones). */
const TAIL_LINES = 20;

/** How a conformance-style program ended. */
export interface ProgramEnd {
  /** The exit code, or `null` when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when it ended by itself, not because the runner asked it to. */
  byItself: boolean;
  /** A spawn error (the command could not start). */
  error?: string;
}

/**
 * One run of a conformance-style client program: `<command> <serverUrl>` through the shell (as the
 * official conformance suite runs it), in its own process group, keeping the tail of its stdout
 * and stderr. `terminate` sends SIGTERM (the program may end its session) and kills the group
 * after a grace period.
 */
export class ConformanceProgram {
  private readonly child: ChildProcess;
  private readonly tail: string[] = [];
  private readonly stderr = new StderrCapture();
  /** Resolves once its stderr was read to the end. */
  private readonly stderrRead: Promise<void>;
  private terminating = false;
  private end: ProgramEnd | undefined;
  /** Resolves once the program has ended. */
  readonly ended: Promise<ProgramEnd>;

  constructor(
    readonly command: string,
    serverUrl: string,
    options: { cwd?: string; env: NodeJS.ProcessEnv },
  ) {
    this.child = spawn(`${command} ${shellQuote(serverUrl)}`, {
      shell: true,
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.ended = new Promise((resolve) => {
      const finish = (end: Omit<ProgramEnd, 'byItself'>) => {
        if (this.end) return;
        this.end = { ...end, byItself: !this.terminating };
        resolve(this.end);
      };
      this.child.on('error', (error) => finish({ code: null, signal: null, error: error.message }));
      this.child.on('exit', (code, signal) => finish({ code, signal }));
    });
    this.stderrRead = new Promise((resolve) => {
      if (!this.child.stderr) resolve();
      else this.child.stderr.once('close', () => resolve());
    });
    for (const [name, stream] of [
      ['stdout', this.child.stdout],
      ['stderr', this.child.stderr],
    ] as const) {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        if (name === 'stderr') this.stderr.add(chunk.toString('utf8'));
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) this.keep(`${name}: ${line}`);
      });
      stream?.on('end', () => {
        if (partial) this.keep(`${name}: ${partial}`);
      });
    }
  }

  /** What the program wrote to stderr (bounded), once its stderr was read to the end (or shortly after it ended). */
  async clientStderr(): Promise<ClientStderr | undefined> {
    await this.ended;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.stderrRead,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STDERR_DRAIN_MS);
      }),
    ]);
    clearTimeout(timer);
    return this.stderr.result();
  }

  /** How the program ended, once it has. */
  get outcome(): ProgramEnd | undefined {
    return this.end;
  }

  /** The last lines the program printed, `stdout: …` / `stderr: …`. */
  output(): string[] {
    return [...this.tail];
  }

  /** Asks the program to end (SIGTERM to its group), then kills the group after `graceMs`. */
  async terminate(graceMs: number): Promise<ProgramEnd> {
    if (this.end) return this.end;
    this.terminating = true;
    this.signal('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      this.ended.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (late) this.signal('SIGKILL');
    return this.ended;
  }

  private signal(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      this.child.kill(signal);
    }
  }

  private keep(line: string): void {
    this.tail.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
  }
}

/** Quotes `text` for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `exit code 1` / `killed by SIGTERM` / `could not start: …`. */
export function describeEnd(end: ProgramEnd): string {
  if (end.error) return `could not start: ${end.error}`;
  return end.signal ? `killed by ${end.signal}` : `exit code ${end.code}`;
}
