import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';

test('an unwritable output path is refused before any cell runs: exit 2, one line, nothing written', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-output-paths-'));
  await writeFile(join(dir, 'a-file'), '');
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await runCli(
    [
      'run',
      '--scenario',
      'empty-list',
      '--client',
      'reference',
      '--json',
      'ok.json',
      '--junit',
      'a-file/junit.xml',
    ],
    { out, err, cwd: dir },
  );
  expect(code).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toBe(
    `toolshift: --junit ${join(dir, 'a-file/junit.xml')}: ${join(dir, 'a-file')} is not a directory.\nRun 'toolshift run --help' for usage.\n`,
  );
  expect(existsSync(join(dir, 'ok.json'))).toBe(false);
});
