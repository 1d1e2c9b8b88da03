import { open, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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

/** What a non-regular file is, for the message (`a character device`, `a FIFO`, …). */
function kindOf(info: Awaited<ReturnType<typeof stat>>): string {
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** `EACCES: permission denied` from a Node error, without the syscall and path it repeats. */
function reasonOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  const why = /^[A-Z]+: ([^,]+)/.exec(message)?.[1];
  return code ? `${code}${why ? `: ${why}` : ''}` : String(message);
}

/**
 * Proves `dir` takes a new file by creating one there (exclusively, under a name of this process)
 * and removing it again: the way a report is written (a temporary file renamed over the path).
 */
async function probeDirectory(dir: string): Promise<string | undefined> {
  const probe = join(dir, `.toolshift-probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const handle = await open(probe, 'wx');
    await handle.close();
    await rm(probe, { force: true });
    return undefined;
  } catch (error) {
    return reasonOf(error);
  }
}

/**
 * Proves, before anything runs, that every output file can be written the way reports are written
 * (a temporary file in its directory, renamed over it): an existing path must be a regular file
 * that opens for write, and a new file must be creatable in its directory (or, when directories
 * are missing, in the nearest existing ancestor, where they will be created). Each proof opens a
 * file for write (a permission guess would pass `/proc` as root); nothing is left behind and no
 * existing file changes.
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
    if (info && !info.isFile())
      throw new UsageError(
        `${flag} ${path}: is ${kindOf(info)}, not a regular file; reports are written to a file (give a file path).`,
      );
    if (info) {
      // r+ opens for write without truncating: the old report stays until the run replaces it.
      const refused = await open(path, 'r+').then(
        (handle) => handle.close().then(() => undefined),
        (error: unknown) => reasonOf(error),
      );
      if (refused) throw new UsageError(`${flag} ${path}: the file cannot be opened for write (${refused}).`);
      const dirRefused = await probeDirectory(dirname(path));
      if (dirRefused)
        throw new UsageError(`${flag} ${path}: cannot create files in ${dirname(path)} (${dirRefused}).`);
      continue;
    }
    const { dir, isDirectory } = await nearestExisting(path);
    if (!isDirectory) throw new UsageError(`${flag} ${path}: ${dir} is not a directory.`);
    const refused = await probeDirectory(dir);
    if (refused) throw new UsageError(`${flag} ${path}: cannot create files in ${dir} (${refused}).`);
  }
}
