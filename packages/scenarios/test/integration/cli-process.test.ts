import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { workspaceRoot } from '../support/cli-command.js';
import { toolshiftProcess as toolshift } from '../support/toolshift-process.js';

// Tests here start client or CLI processes (tsx may compile the sources in the child): each is bounded
// at 180 s, a safety net for a busy machine (up to 55 s seen under load), not a speed claim.

test('`toolshift list --json | head` ends quietly when the reader goes away (no EPIPE crash)', async () => {
  const { code, stderr } = await toolshift(['list', '--json'], { closeStdoutAfterFirstChunk: true });
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 180_000);

test('a commander usage error exits 2 from the real binary', async () => {
  const { code, stderr } = await toolshift(['run', '--era', 'sideways']);
  expect(code).toBe(2);
  expect(stderr).toContain("argument 'sideways' is invalid");
}, 180_000);

test('under `pnpm toolshift` (cwd = workspace root, INIT_CWD = the user directory) relative paths are the user’s', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-init-cwd-'));
  const { code, stdout } = await toolshift(['export', 'empty-list', '--out', 'mine.yaml'], {
    cwd: workspaceRoot,
    env: { INIT_CWD: dir },
  });
  expect(code).toBe(0);
  expect(stdout).toBe(`Scenario empty-list written to ${join(dir, 'mine.yaml')}\n`);
  expect(await readFile(join(dir, 'mine.yaml'), 'utf8')).toContain('id: empty-list');
}, 180_000);
