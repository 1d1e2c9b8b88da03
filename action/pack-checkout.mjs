// Builds and packs the action's own checkout: what `install-from: checkout` installs when the
// packages are not on a registry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders never part of a build's input. */
const SKIP = new Set(['node_modules', 'dist', '.git', 'test', 'coverage']);

/** Every file under `dir` that a build reads (sources, manifests, schemas), sorted. */
function inputs(root, dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name) && !entry.name.endsWith('.tsbuildinfo'))
    .flatMap((entry) => (entry.isDirectory() ? inputs(root, join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/**
 * A digest of what the packages are built from (the lockfile, the root manifests and every package's
 * sources and manifest): the same checkout gives the same digest, any changed source another.
 */
export function checkoutDigest(root) {
  const hash = createHash('sha256');
  const files = [
    ...['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json']
      .map((name) => join(root, name))
      .filter((path) => existsSync(path)),
    ...inputs(root, join(root, 'packages')),
  ];
  for (const file of files) {
    if (!statSync(file).isFile()) continue;
    hash.update(`\0${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs a command, its output shown in the step's log; a failure throws. */
function run(command, args, cwd) {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
}

/**
 * Installs the workspace (pnpm from npm, pinned by the root manifest's `packageManager`), builds it
 * and packs every publishable package into `destination`.
 * @returns the tarballs' absolute paths.
 */
export function packCheckout(root, destination, pnpmPrefix) {
  const manager =
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager ?? 'pnpm@12.4.2';
  mkdirSync(pnpmPrefix, { recursive: true });
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', pnpmPrefix, manager],
    root,
  );
  const pnpm = join(pnpmPrefix, 'node_modules', '.bin', 'pnpm');
  run(pnpm, ['install', '--frozen-lockfile'], root);
  run(pnpm, ['build'], root);
  mkdirSync(destination, { recursive: true });
  const tarballs = [];
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (manifest.private) continue;
    const packed = JSON.parse(
      execFileSync(pnpm, ['pack', '--json', '--pack-destination', destination], {
        cwd: dir,
        encoding: 'utf8',
      }),
    );
    tarballs.push(join(destination, packed.filename.split('/').pop()));
  }
  return tarballs;
}
