import { PassThrough } from 'node:stream';
import type { FakeServer } from '../../src/index.js';
import { runStdioServer, type StdioServer } from '../../src/stdio.js';

/** A stdio server on in-process pipes: write lines (text or bytes), read the reply lines parsed. */
export interface StdioPipes {
  stdio: StdioServer;
  /** Writes one line (a newline is appended). */
  write(line: string | Uint8Array): void;
  /** Resolves with the next `count` reply lines, parsed as JSON. */
  next(count?: number): Promise<Array<Record<string, any>>>;
}

/** Serves `server` over stdio on in-process pipes. */
export function stdioPipes(server: FakeServer): StdioPipes {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stdio = runStdioServer(server, { stdin, stdout });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let partial = '';
  stdout.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.length > 0));
    for (const waiter of waiters.splice(0)) waiter();
  });
  return {
    stdio,
    write: (line) => {
      stdin.write(typeof line === 'string' ? `${line}\n` : Buffer.concat([line, Buffer.from('\n')]));
    },
    async next(count = 1) {
      while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return lines.splice(0, count).map((line) => JSON.parse(line) as Record<string, any>);
    },
  };
}
