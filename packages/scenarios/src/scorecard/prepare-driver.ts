import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { Driver } from './driver-manifest.js';

/** The file in a driver's directory that records the key of its last successful prepare. */
export const PREPARED_STAMP = '.toolshift-prepared';

/** Whether a driver can run here: ready, or skipped with the reason. */
export type Preparation = { ready: true; reused: boolean } | { ready: false; skipped: string };

/** The executables of `toolchain` that are not on PATH. */
export function missingToolchain(
  toolchain: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return toolchain.filter((tool) => !dirs.some((dir) => existsSync(join(dir, tool))));
}

/** The key of a driver's environment: its prepare commands and the content of its lockfiles. */
export async function prepareKey(driver: Driver): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(driver.manifest.prepare ?? []));
  for (const file of driver.manifest.lockfiles ?? []) {
    const path = join(driver.dir, file);
    hash.update(`\0${file}\0`);
    hash.update(existsSync(path) ? await readFile(path) : 'absent');
  }
  return hash.digest('hex');
}

/**
 * Builds a driver's environment once: skips it (with the reason) when an executable of its
 * toolchain is absent; runs its `prepare` commands in its directory unless the stamp file holds the
 * current {@link prepareKey} (lockfiles and commands unchanged), then writes the stamp. A failing
 * command skips the driver with the command, its exit code and the tail of its output.
 */
export async function prepareDriver(
  driver: Driver,
  log: (line: string) => void = () => {},
): Promise<Preparation> {
  const missing = missingToolchain(driver.manifest.toolchain);
  if (missing.length) return { ready: false, skipped: `toolchain absent: ${missing.join(', ')} not on PATH` };
  const key = await prepareKey(driver);
  const stamp = join(driver.dir, PREPARED_STAMP);
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')).trim() === key)
    return { ready: true, reused: true };
  for (const command of driver.manifest.prepare ?? []) {
    log(`${driver.id}: ${command}`);
    const outcome = await runShell(command, driver.dir);
    if (outcome.code !== 0)
      return {
        ready: false,
        skipped: `prepare failed: \`${command}\` exited with ${outcome.code}: ${outcome.tail}`,
      };
  }
  await writeFile(stamp, `${key}\n`);
  return { ready: true, reused: false };
}

function runShell(command: string, cwd: string): Promise<{ code: number | string; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
