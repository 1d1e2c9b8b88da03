import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root, where the Dockerfile is. */
export const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The base `docker/local-base-image.sh` builds on machines that cannot pull the official image. */
export const LOCAL_BASE_IMAGE = 'toolshift-base:node20.20.2-bookworm';
/** The tag the tests build the Dockerfile as (unless `TOOLSHIFT_IMAGE` names an image to use as is). */
const TEST_TAG = 'toolshift:test';

function docker(args: readonly string[], timeoutMs = 30_000) {
  return spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Why the image tests cannot run here, in one line, or `undefined` when a Docker engine answers.
 * Checked once per test file, before any test is declared.
 */
export function engineUnavailable(): string | undefined {
  const info = docker(['info', '--format', '{{.ServerVersion}}'], 20_000);
  if (info.error)
    return `no docker command (${(info.error as NodeJS.ErrnoException).code ?? info.error.message})`;
  if (info.status !== 0) {
    const why = (info.stderr || info.stdout).trim().split('\n').pop();
    return `no Docker engine reachable (docker info: ${why})`;
  }
  return undefined;
}

/**
 * The base image to build on: `$TOOLSHIFT_BASE_IMAGE`, else the locally built stand-in when the
 * engine has it (a machine without registry access), else the Dockerfile's default (node:20-slim).
 */
export function baseImage(): string | undefined {
  if (process.env.TOOLSHIFT_BASE_IMAGE) return process.env.TOOLSHIFT_BASE_IMAGE;
  return docker(['image', 'inspect', LOCAL_BASE_IMAGE]).status === 0 ? LOCAL_BASE_IMAGE : undefined;
}

/** Runs `work` holding a machine-wide lock, so test files building the same image take turns. */
function withBuildLock<T>(work: () => T): T {
  const lock = join(tmpdir(), 'toolshift-image-build.lock');
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // Taken a moment ago: the pid file is being written.
      }
      if (Number.isInteger(holder) && !isAlive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${lock} (held by pid ${holder})`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The image under test: `$TOOLSHIFT_IMAGE` as is, or the repository's Dockerfile built now (layer
 * cache: seconds when nothing changed) on {@link baseImage}, with host networking for its `RUN`
 * steps (the engine here has no bridge).
 * @throws {Error} with the build output when `docker build` fails.
 */
export function toolshiftImage(): string {
  if (process.env.TOOLSHIFT_IMAGE) return process.env.TOOLSHIFT_IMAGE;
  return withBuildLock(() => {
    const base = baseImage();
    const args = ['build', '--network', 'host', '-t', TEST_TAG];
    if (base) args.push('--build-arg', `BASE_IMAGE=${base}`);
    const build = spawnSync('docker', [...args, workspaceRoot], {
      encoding: 'utf8',
      timeout: 15 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0)
      throw new Error(`docker ${args.join(' ')} failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
    return TEST_TAG;
  });
}
