import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from './usage-error.js';

/** The nearest existing ancestor directory of `path` (what `mkdir -p` would create under). */
async function nearestExisting(path: string): Promise<{ dir: string; isDirectory: boolean }> {
  let dir = dirname(path);
  for (;;) {
    const info = await stat(dir).catch(() => undefined);
    if (info) return { dir, isDirectory: info.isDirectory() };
    const parent = dirname(dir);
    if (parent === dir) return { dir, isDirectory: false };
    dir = parent;
  }
}

/**
 * Checks, before anything runs, that every output file can be written: it is not a directory, an
 * existing file is writable, and otherwise its nearest existing ancestor is a writable directory
 * (missing directories are created when the report is written). Nothing is created or changed.
 * @param outputs `[flag, absolute path]` pairs, e.g. `['--junit', '/tmp/out/junit.xml']`.
 * @throws {UsageError} naming the flag, the path and why it cannot be written (the CLI exits 2).
 */
export async function checkOutputPaths(
  outputs: ReadonlyArray<readonly [flag: string, path: string]>,
): Promise<void> {
  const seen = new Map<string, string>();
  for (const [flag, path] of outputs) {
    const other = seen.get(path);
    if (other)
      throw new UsageError(`${flag} ${path}: ${other} writes the same file; give each report its own path.`);
    seen.set(path, flag);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) throw new UsageError(`${flag} ${path}: is a directory; give a file path.`);
    if (info) {
      await access(path, constants.W_OK).catch(() => {
        throw new UsageError(`${flag} ${path}: the file is not writable.`);
      });
      continue;
    }
    const { dir, isDirectory } = await nearestExisting(path);
    if (!isDirectory) throw new UsageError(`${flag} ${path}: ${dir} is not a directory.`);
    await access(dir, constants.W_OK | constants.X_OK).catch(() => {
      throw new UsageError(`${flag} ${path}: cannot create files in ${dir} (no write permission).`);
    });
  }
}
