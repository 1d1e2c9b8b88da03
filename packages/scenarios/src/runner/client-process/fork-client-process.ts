import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENT_MARK_ENV } from './process-tree.js';

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

/**
 * Starts a client process for the `--client-module` file at `modulePath`: Node's `fork` of
 * `client-process-main` with an IPC channel (structured clone), stdout and stderr piped, leading a
 * process group of its own (so what the client starts can be ended with it), and `mark` in its
 * environment as `CLIENT_MARK_ENV` (so what it starts can be found wherever it goes).
 */
export function forkClientProcess(modulePath: string, mark: string): ChildProcess {
  const entry = entryPoint();
  return fork(entry.path, [modulePath], {
    execArgv: entry.execArgv,
    env: { ...process.env, [CLIENT_MARK_ENV]: mark },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
    detached: true,
  });
}

/** The last `max` characters of what a stream wrote. */
export class OutputTail {
  private text = '';
  constructor(private readonly max: number) {}
  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.max);
  }
  toString(): string {
    return this.text.trim();
  }
}

/**
 * How a client process ended, for a verdict: `disconnected` when something in the client called
 * `process.disconnect()` (the process said so first), which closes the IPC channel and ends it.
 */
export function describeExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  disconnected: boolean,
): string {
  if (disconnected)
    return 'closed its IPC channel to toolshift (something in the client called process.disconnect()), which ended it';
  if (signal) return `was killed by ${signal}`;
  return `exited with code ${code}${code === 0 ? ' (something in the client called process.exit(0))' : ''}`;
}
