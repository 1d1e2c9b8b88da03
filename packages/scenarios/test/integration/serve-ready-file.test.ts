import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminHttpClient } from '@toolshift/fake-server';
import { afterEach, expect, test } from 'vitest';
import type { ServeReady } from '../../src/cli/serve-command.js';
import { toolshiftNodeArgs } from '../support/cli-command.js';

const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

function scratch(): { script: string; ready: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-ready-'));
  const script = join(dir, 'script.yaml');
  writeFileSync(
    script,
    'toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n      inputSchema: { type: object }\n',
  );
  return { script, ready: join(dir, 'ready.json') };
}

/** Starts `toolshift serve ARGS` and resolves with the ready file once the CLI printed a URL. */
async function serve(args: string[], ready: string): Promise<ServeReady> {
  const child = spawn(process.execPath, toolshiftNodeArgs(['serve', ...args]), {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // The ready file is written right after the URLs are printed: wait for it to appear.
      if (/admin API http/.test(output)) {
        const poll = () => (existsSync(ready) ? resolve() : setTimeout(poll, 10));
        poll();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`toolshift serve exited ${code}: ${output}`)));
  });
  return JSON.parse(readFileSync(ready, 'utf8')) as ServeReady;
}

test('`serve --port 0 --ready-file F` writes the URLs it listens on, and the admin API answers there', async () => {
  const { script, ready } = scratch();
  const written = await serve(['--script', script, '--port', '0', '--ready-file', ready], ready);
  expect(written.stdio).toBe(false);
  expect(written.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  expect(written.adminUrl).toBe(written.url!.replace(/\/mcp$/, '/__toolshift'));
  expect(written.pid).toBe(children[0]!.pid);
  const status = await createAdminHttpClient(written.adminUrl!).status();
  expect(status.toolCount).toBe(1);
});

test('`serve --stdio --admin-port 0 --ready-file F` says it serves stdio and where its admin API is', async () => {
  const { script, ready } = scratch();
  const written = await serve(
    ['--stdio', '--script', script, '--admin-port', '0', '--ready-file', ready],
    ready,
  );
  expect(written.stdio).toBe(true);
  expect(written.url).toBeUndefined();
  expect((await createAdminHttpClient(written.adminUrl!).status()).toolCount).toBe(1);
});
