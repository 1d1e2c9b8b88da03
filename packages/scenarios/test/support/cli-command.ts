import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The workspace root: `pnpm toolshift` runs the CLI from there. */
export const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The CLI's built entry point (what `pnpm toolshift` and an npm install run), in a workspace. */
const BUILT_MAIN = 'packages/scenarios/dist/src/cli/main.js';

/** The CLI's TypeScript entry point, run with tsx when the build is missing or older than a source. */
const SOURCE_MAIN = 'packages/scenarios/src/cli/main.ts';

/**
 * What the CLI is built from: each workspace package it loads, with the folders `tsc -b` compiles
 * (test files are not part of the build) and its build info, which `tsc -b` rewrites on every
 * build that changed an output.
 */
const BUILT_PACKAGES = [
  { dir: 'packages/fake-server', sources: ['src'] },
  { dir: 'packages/reference-client', sources: ['src'] },
  { dir: 'packages/assertions', sources: ['src'] },
  { dir: 'packages/scenarios', sources: ['src', 'catalog'] },
];

function newestSourceMtime(dir: string): number {
  let newest = 0;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return Number.POSITIVE_INFINITY; // a source folder that cannot be read: never trust the build
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function mtimeOrZero(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Whether `dist` holds the CLI as the sources say it: for every package, its build info is at least
 * as new as each source file, its package.json and the TypeScript configuration it is built with.
 * A source edited (or touched) since the last `pnpm build` makes it stale.
 */
export function builtCliIsCurrent(root = workspaceRoot): boolean {
  if (mtimeOrZero(join(root, BUILT_MAIN)) === 0) return false;
  return BUILT_PACKAGES.every(({ dir, sources }) => {
    const built = mtimeOrZero(join(root, dir, 'dist/.tsbuildinfo'));
    const inputs = [
      mtimeOrZero(join(root, 'tsconfig.base.json')),
      mtimeOrZero(join(root, dir, 'tsconfig.json')),
      mtimeOrZero(join(root, dir, 'package.json')),
      ...sources.map((source) => newestSourceMtime(join(root, dir, source))),
    ];
    return built > 0 && inputs.every((mtime) => mtime <= built);
  });
}

let current: boolean | undefined;

/**
 * tsx's loader as a file URL: `--import tsx` would be resolved from the child's working directory,
 * which a test may set to a temporary directory with no node_modules.
 */
export function tsxLoader(): string {
  const manifest = createRequire(join(workspaceRoot, 'package.json')).resolve('tsx/package.json');
  const entry = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: { '.': string } }).exports['.'];
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/**
 * The node arguments that start `toolshift ARGS` as a shell would: the built CLI when `dist` is
 * current (what CI and users run; about half the CPU of the sources under tsx, ~1.4 s against
 * ~2.6 s a process), else the TypeScript sources under tsx — so a test never needs a build and
 * never runs a stale one. Decided once per test process.
 */
export function toolshiftNodeArgs(args: string[]): string[] {
  current ??= builtCliIsCurrent();
  return current
    ? [join(workspaceRoot, BUILT_MAIN), ...args]
    : ['--conditions=toolshift-source', '--import', tsxLoader(), join(workspaceRoot, SOURCE_MAIN), ...args];
}
