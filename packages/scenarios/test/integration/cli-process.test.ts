import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// The CLI as a process, from its TypeScript source (no build needed).
const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function toolshift(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; closeStdoutAfterFirstChunk?: boolean } = {},
) {
  const child = spawn(process.execPath, ['--conditions=toolshift-source', '--import', 'tsx', main, ...args], {
    cwd: options.cwd ?? workspaceRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    // Like `| head -1`: the reader goes away after the first chunk.
    if (options.closeStdoutAfterFirstChunk) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

test('`toolshift list --json | head` ends quietly when the reader goes away (no EPIPE crash)', async () => {
  const { code, stderr } = await toolshift(['list', '--json'], { closeStdoutAfterFirstChunk: true });
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

test('a commander usage error exits 2 from the real binary', async () => {
  const { code, stderr } = await toolshift(['run', '--era', 'sideways']);
  expect(code).toBe(2);
  expect(stderr).toContain("argument 'sideways' is invalid");
});

test('under `pnpm toolshift` (cwd = workspace root, INIT_CWD = the user directory) relative paths are the user’s', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-init-cwd-'));
  const { code, stdout } = await toolshift(['export', 'empty-list', '--out', 'mine.yaml'], {
    cwd: workspaceRoot,
    env: { INIT_CWD: dir },
  });
  expect(code).toBe(0);
  expect(stdout).toBe(`Scenario empty-list written to ${join(dir, 'mine.yaml')}\n`);
  expect(await readFile(join(dir, 'mine.yaml'), 'utf8')).toContain('id: empty-list');
});
