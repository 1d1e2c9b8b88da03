// The official MCP conformance suite (@modelcontextprotocol/conformance, which needs Node >= 22) and
// node@22, both from npm, installed once into .interop/ (gitignored), never as workspace
// dependencies. `pnpm interop` runs its server scenarios; the --command benchmark its client ones.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suite version toolshift is tested against. */
export const CONFORMANCE_VERSION = '0.2.0-alpha.12';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the suite and node@22 are installed. */
export const SCRATCH = join(root, '.interop');
/** Their executables (`conformance`, `node` 22): put first on PATH to run the suite. */
export const SUITE_BIN = join(SCRATCH, 'node_modules', '.bin');

function installed(name) {
  const file = join(SCRATCH, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

/**
 * Installs node@22 and the suite into .interop/ unless they are there.
 * @throws {Error} when npm cannot install them.
 */
export function ensureConformanceSuite() {
  if (
    installed('@modelcontextprotocol/conformance') === CONFORMANCE_VERSION &&
    installed('node')?.startsWith('22.')
  )
    return;
  mkdirSync(SCRATCH, { recursive: true });
  if (!existsSync(join(SCRATCH, 'package.json')))
    writeFileSync(join(SCRATCH, 'package.json'), '{ "name": "toolshift-interop", "private": true }\n');
  console.log(
    `Installing node@22 and @modelcontextprotocol/conformance@${CONFORMANCE_VERSION} into .interop/ ...`,
  );
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      'node@22',
      `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`,
    ],
    { cwd: SCRATCH, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('npm install into .interop/ failed');
}
