import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { checkOutputPaths } from './check-output-paths.js';

test('paths in existing or creatable directories pass, and nothing is created', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-outputs-'));
  await writeFile(join(dir, 'old.json'), '{}');
  await expect(
    checkOutputPaths([
      ['--json', join(dir, 'old.json')],
      ['--junit', join(dir, 'new/deeper/junit.xml')],
    ]),
  ).resolves.toBeUndefined();
});

test('a directory, a path under a file, and the same file twice are refused with the flag and the reason', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-outputs-'));
  await writeFile(join(dir, 'file'), '');
  await expect(checkOutputPaths([['--json', dir]])).rejects.toThrow(`--json ${dir}: is a directory`);
  await expect(checkOutputPaths([['--junit', join(dir, 'file/x.xml')]])).rejects.toThrow(
    `--junit ${join(dir, 'file/x.xml')}: ${join(dir, 'file')} is not a directory.`,
  );
  await expect(
    checkOutputPaths([
      ['--json', join(dir, 'r')],
      ['--html', join(dir, 'r')],
    ]),
  ).rejects.toThrow('--json writes the same file');
});

test.skipIf(process.getuid?.() === 0)(
  'a directory without write permission is refused (not checkable as root)',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolshift-outputs-'));
    await mkdir(join(dir, 'ro'));
    await chmod(join(dir, 'ro'), 0o500);
    await expect(checkOutputPaths([['--json', join(dir, 'ro/r.json')]])).rejects.toThrow(
      'no write permission',
    );
  },
);
