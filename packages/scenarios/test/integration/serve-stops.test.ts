import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { toolshiftNodeArgs } from '../support/cli-command.js';

// `toolshift serve` stops however it was started: on its own signals, on a second Ctrl-C while it
// closes, and when the launcher that started it (npx, a shell script) ended on Ctrl-C without passing
// the signal on.
const dir = mkdtempSync(join(tmpdir(), 'toolshift-serve-stops-'));
const script = join(dir, 'script.yaml');
writeFileSync(
  script,
  'toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n      inputSchema: { type: object }\n',
);
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
});

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

/** Waits until `file` holds JSON (the ready file serve writes once it listens). */
async function readyIn(file: string): Promise<{ pid: number; url: string }> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** True once process `pid` is gone (polled). */
async function gone(pid: number): Promise<true> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('stops on SIGTERM while a client holds a stream open, exit 0', { timeout: 60_000 }, async () => {
  const ready = join(dir, 'term.json');
  const child = spawn(
    process.execPath,
    toolshiftNodeArgs(['serve', '--script', script, '--port', '0', '--ready-file', ready]),
    { stdio: 'ignore' },
  );
  const { url } = await readyIn(ready);
  // A modern listen stream stays open until the server ends it.
  const listen = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
        notifications: { toolsListChanged: true },
      },
    }),
  });
  expect(listen.status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited(child)).toBe(0);
});

test('stops when the launcher that started it ends on Ctrl-C without passing the signal on', {
  timeout: 60_000,
}, async () => {
  const ready = join(dir, 'orphan.json');
  const launcher = join(dir, 'launcher.mjs');
  // Like a launcher that exits on SIGINT and leaves its child behind.
  writeFileSync(
    launcher,
    "import { spawn } from 'node:child_process';\nspawn(process.execPath, process.argv.slice(2), { stdio: 'ignore' });\nprocess.on('SIGINT', () => process.exit(130));\nsetInterval(() => {}, 1000);\n",
  );
  const wrapper = spawn(
    process.execPath,
    [launcher, ...toolshiftNodeArgs(['serve', '--script', script, '--port', '0', '--ready-file', ready])],
    { stdio: 'ignore' },
  );
  const { pid } = await readyIn(ready);
  leftovers.push(pid);
  wrapper.kill('SIGINT');
  expect(await exited(wrapper)).toBe(130);
  expect(await gone(pid)).toBe(true);
});
