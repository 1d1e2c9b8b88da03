import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The official TypeScript SDK server fixture (see its header). */
export const TYPESCRIPT_SERVER = join(here, '..', 'fixtures', 'official', 'typescript-server.mjs');

/** The shell command that starts the TypeScript SDK fixture on stdio. */
export function typescriptStdioCommand(extra: readonly string[] = []): string {
  return [process.execPath, TYPESCRIPT_SERVER, '--stdio', ...extra].map(quote).join(' ');
}

/** A server process listening on loopback HTTP, started by a test. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server process that prints `listening <url>` once it listens (bounded: it must
 * within `timeoutMs`), and stops it on `close()`.
 */
export function startHttpServer(
  command: string,
  args: readonly string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<RunningServer> {
  const child = spawn(command, [...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 40) stderr.shift();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${command} did not listen within ${options.timeoutMs ?? 20_000} ms: ${stderr.join('\n')}`),
      );
    }, options.timeoutMs ?? 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it listened: ${stderr.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\S+)/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: match[1]!, close: () => stop(child) });
    });
  });
}

/** Starts the TypeScript SDK fixture over HTTP on an ephemeral loopback port. */
export function startTypescriptServer(extra: readonly string[] = []): Promise<RunningServer> {
  return startHttpServer(process.execPath, [TYPESCRIPT_SERVER, '--http', ...extra]);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

function quote(value: string): string {
  return /^[\w./=:@-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
