import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `@toolshift/scenarios` package directory, found by walking up from this file (works from `src` and `dist`). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'baselines'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @toolshift/scenarios package directory');
    dir = parent;
  }
  return dir;
}

/** The committed expected-failures baseline for clients toolshift does not own. */
export function defaultBaselinePath(): string {
  return join(packageRoot(), 'baselines', 'expected-failures.yaml');
}

/** The version of `@toolshift/scenarios` (the CLI's version: toolshift's packages are released together). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
