import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioStreamClientTransport } from '@toolshift/fake-server/stdio';
import { afterEach, describe, expect, test } from 'vitest';
import { toolshiftNodeArgs } from '../support/cli-command.js';

/** A script whose server process exits with code 3 right after it answers its second tools/list. */
function scriptFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-lifecycle-'));
  const file = join(dir, 'script.yaml');
  writeFileSync(
    file,
    [
      'toolshiftScript: 1',
      'catalog:',
      '  tools:',
      '    - name: alpha',
      '      inputSchema: { type: object }',
      'steps:',
      '  - id: crash',
      '    trigger: { afterRequests: 2, method: tools/list }',
      '    action: { action: exitProcess, code: 3 }',
      '',
    ].join('\n'),
  );
  return file;
}

/** Spawns `toolshift serve --stdio` as a real child process (its own pid, exit code, stderr). */
function spawnServer(script: string): {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
} {
  const child = spawn(process.execPath, toolshiftNodeArgs(['serve', '--stdio', '--script', script]), {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('a stdio fake server as a real process', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  test('an exitProcess step ends the process with its code; a respawned process serves a fresh session', async () => {
    const script = scriptFile();
    const first = spawnServer(script);
    children.push(first.child);
    expect(first.child.pid).toBeGreaterThan(0);
    const client = new Client({ name: 'lifecycle-test', version: '1' });
    await client.connect(new StdioStreamClientTransport(first.child.stdin!, first.child.stdout!));
    expect((await client.request({ method: 'tools/list', params: {} })).tools.map((t) => t.name)).toEqual([
      'alpha',
    ]);
    // The second tools/list is answered, then the process exits with code 3 (the step's trigger).
    await client.request({ method: 'tools/list', params: {} }).catch(() => undefined);
    expect(await first.exited).toBe(3);
    expect(first.stderr()).toContain('exiting with code 3');
    await client.close().catch(() => undefined);

    // The host respawns its server: a new process, a new session, the same catalog.
    const second = spawnServer(script);
    children.push(second.child);
    expect(second.child.pid).not.toBe(first.child.pid);
    const again = new Client({ name: 'lifecycle-test', version: '1' });
    await again.connect(new StdioStreamClientTransport(second.child.stdin!, second.child.stdout!));
    expect((await again.request({ method: 'tools/list', params: {} })).tools.map((t) => t.name)).toEqual([
      'alpha',
    ]);
    await again.close();
    second.child.stdin?.end();
    expect(await second.exited).toBe(0);
  }, 60_000);
});
