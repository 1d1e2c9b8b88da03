import { statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { checkOutputPaths } from './check-output-paths.js';

test('paths in existing or creatable directories pass, and nothing is created or changed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-outputs-'));
  await writeFile(join(dir, 'old.json'), '{"old":true}');
  await expect(
    checkOutputPaths([
      ['--json', join(dir, 'old.json')],
      ['--junit', join(dir, 'new/deeper/junit.xml')],
    ]),
  ).resolves.toBeUndefined();
  expect(await readdir(dir)).toEqual(['old.json']);
  expect(await readFile(join(dir, 'old.json'), 'utf8')).toBe('{"old":true}');
});

test('a directory that only looks writable is refused by opening a file there (/proc as root)', async () => {
  // As root every permission bit says yes; only creating a file shows /proc takes none.
  await expect(checkOutputPaths([['--html', '/proc/report.html']])).rejects.toThrow(
    '--html /proc/report.html: cannot create files in /proc (',
  );
});

test('a device (/dev/full) is refused: a report is a file, and renaming over a device would replace it', async () => {
  await expect(checkOutputPaths([['--html', '/dev/full']])).rejects.toThrow(
    '--html /dev/full: is a character device, not a regular file; reports are written to a file (give a file path).',
  );
  expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
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
      'cannot create files in',
    );
  },
);
