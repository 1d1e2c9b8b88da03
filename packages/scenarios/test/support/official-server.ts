import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The official TypeScript SDK server fixture of the fake server's parity tests (see its header). */
export const TYPESCRIPT_SERVER = fileURLToPath(
  new URL('../../../fake-server/test/fixtures/official/typescript-server.mjs', import.meta.url),
);

/** A real MCP server process on loopback HTTP, started by a test. */
export interface OfficialServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the TypeScript SDK fixture over HTTP on an ephemeral port (it must listen within 20 s). */
export function startOfficialServer(): Promise<OfficialServer> {
  const child = spawn(process.execPath, [TYPESCRIPT_SERVER, '--http'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the TypeScript SDK server did not listen within 20 s: ${stderr}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the TypeScript SDK server exited (${code}): ${stderr}`));
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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
