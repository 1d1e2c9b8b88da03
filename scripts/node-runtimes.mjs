// The Node.js runtimes toolshift is tested on besides the one running the workspace (Node 20), from
// the npm packages `node@<version>` (each ships the runtime as node_modules/.bin/node), installed once
// into a cache directory and reused by `.ci/run` and the install test.
// `node scripts/node-runtimes.mjs` installs every runtime that is missing and prints where each is;
// `node scripts/node-runtimes.mjs --ensure VERSION` installs one (any version) and prints its bin directory.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Exact versions tested in CI, by major (the README and `engines` state the same). */
export const NODE_RUNTIMES = { 22: '22.23.3', 24: '24.21.0' };

/** The machine-wide cache of CI downloads: `$TOOLSHIFT_CACHE_DIR`, else `~/.cache/toolshift`. */
export function cacheDir() {
  return process.env.TOOLSHIFT_CACHE_DIR ?? join(homedir(), '.cache', 'toolshift');
}

function versionOf(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined;
}

/**
 * Returns the directory holding `node` for `version` (prepend it to PATH to run on that runtime),
 * installing `node@<version>` from npm into the cache first when it is not there. The install goes to
 * a scratch directory renamed into place, so a concurrent or interrupted install never leaves half a
 * runtime behind.
 * @throws {Error} when npm cannot install the package (the message carries npm's output).
 */
export function ensureNodeRuntime(version) {
  const home = join(cacheDir(), `node-${version}`);
  const bin = join(home, 'node_modules', '.bin');
  if (versionOf(join(bin, 'node')) === version) return bin;
  mkdirSync(cacheDir(), { recursive: true });
  const scratch = `${home}.partial-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'package.json'), '{ "private": true }\n');
  const install = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${version}`],
    { cwd: scratch, encoding: 'utf8' },
  );
  const installed = versionOf(join(scratch, 'node_modules', '.bin', 'node'));
  if (install.status !== 0 || installed !== version) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(
      `Installing node@${version} from npm into ${scratch} failed (exit ${install.status}, got ${installed ?? 'no node'}):\n${install.stdout}${install.stderr}`,
    );
  }
  rmSync(home, { recursive: true, force: true });
  try {
    renameSync(scratch, home);
  } catch (error) {
    // Another process won the race; its copy is as good as ours.
    rmSync(scratch, { recursive: true, force: true });
    if (versionOf(join(bin, 'node')) !== version) throw error;
  }
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.argv.indexOf('--ensure');
  if (only > 0) {
    console.log(ensureNodeRuntime(process.argv[only + 1]));
    process.exit(0);
  }
  for (const version of Object.values(NODE_RUNTIMES)) {
    const bin = ensureNodeRuntime(version);
    console.log(`node ${version}: ${join(bin, 'node')}`);
  }
}
