import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (this file is packages/toolshift/test/support/). */
export const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** What the tests read of a package manifest. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  engines?: { node?: string };
  files?: string[];
  bin?: Record<string, string>;
  types?: string;
  exports?: Record<string, unknown>;
  publishConfig?: { exports?: Record<string, unknown> };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** A publishable workspace package: its folder under packages/ and its manifest. */
export interface WorkspacePackage {
  dir: string;
  manifest: Manifest;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Every non-private package under packages/, in folder order. */
export function publishablePackages(): WorkspacePackage[] {
  return readdirSync(join(workspaceRoot, 'packages'))
    .map((name) => join(workspaceRoot, 'packages', name))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => !manifest.private);
}

/** Runs a command to completion; a non-zero exit throws with its output. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): { stdout: string; stderr: string } {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  return { stdout: result.stdout, stderr: result.stderr };
}

/**
 * Builds the workspace (`tsc -b`, incremental) and packs every publishable package with `pnpm pack`
 * (which rewrites `workspace:*` to the version and applies `publishConfig`) into `destination`.
 * @returns the tarball path of each package, by package name.
 */
export function packWorkspace(destination: string): Map<string, string> {
  run('pnpm', ['build'], { cwd: workspaceRoot });
  const tarballs = new Map<string, string>();
  for (const { dir, manifest } of publishablePackages()) {
    const { stdout } = run('pnpm', ['pack', '--json', '--pack-destination', destination], { cwd: dir });
    const packed = JSON.parse(stdout) as { filename: string };
    tarballs.set(manifest.name, join(destination, packed.filename.split('/').pop()!));
  }
  return tarballs;
}
