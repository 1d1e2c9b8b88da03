import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Driver } from './driver-manifest.js';

/** The file in a cache entry that records the key of its finished prepare. */
export const PREPARED_STAMP = '.toolshift-prepared';

/** Whether a driver can run here: ready, or skipped with the reason. */
export type Preparation = { ready: true; reused: boolean } | { ready: false; skipped: string };

/** The machine-wide cache of CI downloads and driver environments: `$TOOLSHIFT_CACHE_DIR`, else `~/.cache/toolshift`. */
export function toolshiftCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLSHIFT_CACHE_DIR || join(homedir(), '.cache', 'toolshift');
}

/** The executables of `toolchain` that are not on PATH. */
export function missingToolchain(
  toolchain: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return toolchain.filter((tool) => !dirs.some((dir) => existsSync(join(dir, tool))));
}

/**
 * The key of a driver's environment: its id, its prepare commands, the paths they build and the
 * content of its lockfiles.
 */
export async function prepareKey(driver: Driver): Promise<string> {
  const { prepare = [], environment = [] } = driver.manifest;
  const hash = createHash('sha256').update(JSON.stringify({ id: driver.id, prepare, environment }));
  for (const file of driver.manifest.lockfiles ?? []) {
    const path = join(driver.dir, file);
    hash.update(`\0${file}\0`);
    hash.update(existsSync(path) ? await readFile(path) : 'absent');
  }
  return hash.digest('hex');
}

/**
 * The cache entry of a driver's environment for `key`:
 * `<cache>/drivers/<id with / as +>/<first 16 hex digits of the key>`.
 */
export function preparedEntry(driver: Driver, key: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(toolshiftCacheDir(env), 'drivers', driver.id.split(/[\\/]/).join('+'), key.slice(0, 16));
}

/**
 * Builds a driver's environment once per machine: skips it (with the reason) when an executable of
 * its toolchain is absent; otherwise finds or builds the cache entry of its {@link prepareKey}
 * (`$TOOLSHIFT_CACHE_DIR/drivers/…`) and links each of the manifest's `environment` paths in the
 * driver's folder to it, so any checkout on the machine with the same lockfiles reuses it. The
 * `prepare` commands run in the driver's folder with `TOOLSHIFT_DRIVER_ENV` set to the entry and
 * build the `environment` paths there. One process at a time builds an entry (a lock directory
 * beside it; a lock whose process is gone is taken over); a failed or interrupted build leaves no
 * entry. A failing command skips the driver with the command, its exit code and the tail of its output.
 */
export async function prepareDriver(
  driver: Driver,
  log: (line: string) => void = () => {},
): Promise<Preparation> {
  const missing = missingToolchain(driver.manifest.toolchain);
  if (missing.length) return { ready: false, skipped: `toolchain absent: ${missing.join(', ')} not on PATH` };
  const key = await prepareKey(driver);
  const entry = preparedEntry(driver, key);
  let reused = await isPrepared(entry, key);
  if (!reused) {
    const release = await lock(`${entry}.lock`);
    try {
      reused = await isPrepared(entry, key);
      if (!reused) {
        const failure = await build(driver, entry, key, log);
        if (failure) return { ready: false, skipped: failure };
      }
    } finally {
      await release();
    }
  }
  for (const path of driver.manifest.environment ?? [])
    await linkInto(join(driver.dir, path), join(entry, path));
  return { ready: true, reused };
}

async function isPrepared(entry: string, key: string): Promise<boolean> {
  const stamp = join(entry, PREPARED_STAMP);
  return existsSync(stamp) && (await readFile(stamp, 'utf8')).trim() === key;
}

/** Runs the prepare commands into a fresh entry; the reason on failure (and no entry left). */
async function build(
  driver: Driver,
  entry: string,
  key: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  await rm(entry, { recursive: true, force: true });
  await mkdir(entry, { recursive: true });
  const env = { ...process.env, TOOLSHIFT_DRIVER_ENV: entry };
  for (const command of driver.manifest.prepare ?? []) {
    log(`${driver.id}: ${command}`);
    const outcome = await runShell(command, driver.dir, env);
    if (outcome.code !== 0) {
      await rm(entry, { recursive: true, force: true });
      return `prepare failed: \`${command}\` exited with ${outcome.code}: ${outcome.tail}`;
    }
  }
  const absent = (driver.manifest.environment ?? []).filter((path) => !existsSync(join(entry, path)));
  if (absent.length) {
    await rm(entry, { recursive: true, force: true });
    return `prepare failed: the prepare commands did not build ${absent.join(', ')} in $TOOLSHIFT_DRIVER_ENV`;
  }
  await writeFile(join(entry, PREPARED_STAMP), `${key}\n`);
  return undefined;
}

/**
 * Points `link` at `target`: a symlink made beside it and renamed over it, so a reader never sees it
 * missing; what an older layout left there (a real directory) is removed first.
 */
async function linkInto(link: string, target: string): Promise<void> {
  const current = lstatOrUndefined(link);
  if (current?.isSymbolicLink() && (await readlink(link)) === target) return;
  if (current && !current.isSymbolicLink()) await rm(link, { recursive: true, force: true });
  await mkdir(join(link, '..'), { recursive: true });
  const temporary = `${link}.${process.pid}.${Math.random().toString(36).slice(2)}.link`;
  await symlink(target, temporary);
  await rename(temporary, link);
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** How long a lock (or takeover) directory without an owner file may stand before it counts as abandoned. */
const OWNERLESS_LOCK_MS = 60_000;

/**
 * Takes the lock directory `path` (mkdir is atomic), waiting while another process holds it. A lock
 * whose owner process on this host has exited is removed under a second lock (`<path>.takeover`)
 * after reading the same owner again, so two waiters never both remove it (and never a live one).
 * Returns the release.
 */
async function lock(path: string): Promise<() => Promise<void>> {
  await mkdir(join(path, '..'), { recursive: true });
  const me = `${hostname()} ${process.pid} ${Math.random().toString(36).slice(2)}\n`;
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, 'owner'), me);
      return () => rm(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await abandonedOwner(path);
    if (owner !== undefined) await takeOver(path, owner);
    else await sleep(250);
  }
}

/** Removes the lock `path` if its owner is still `owner` (a process that has exited). */
async function takeOver(path: string, owner: string): Promise<void> {
  const guard = `${path}.takeover`;
  try {
    await mkdir(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (await olderThan(guard, OWNERLESS_LOCK_MS)) await rm(guard, { recursive: true, force: true });
    else await sleep(250);
    return;
  }
  try {
    if ((await ownerOf(path)) === owner) await rm(path, { recursive: true, force: true });
  } finally {
    await rm(guard, { recursive: true, force: true });
  }
}

/** The owner file's content ('' when there is none). */
async function ownerOf(path: string): Promise<string> {
  try {
    return await readFile(join(path, 'owner'), 'utf8');
  } catch {
    return '';
  }
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false; // gone meanwhile
  }
}

/** The owner of the lock `path` when it is abandoned: its process on this host has exited, or it has no owner for a minute. */
async function abandonedOwner(path: string): Promise<string | undefined> {
  const owner = await ownerOf(path);
  if (owner === '') return (await olderThan(path, OWNERLESS_LOCK_MS)) ? owner : undefined;
  const [host, pid] = owner.trim().split(' ');
  if (host !== hostname()) return undefined;
  try {
    process.kill(Number(pid), 0);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? owner : undefined;
  }
}

function runShell(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | string; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-2000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: error.message, tail: '' }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? signal ?? 'unknown', tail: output.trim().split('\n').slice(-5).join(' | ') }),
    );
  });
}
