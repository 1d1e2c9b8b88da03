// Step 1 of the toolshift action: installs the CLI with npm into a directory of its own (never the
// user's project) and outputs `bin`, the toolshift executable, and `version`. What it installs:
// - `packages` given: those specs (tarballs, folders, registry specs);
// - `install-from: checkout` (the default): the packages of the action's own checkout, built and
//   packed at the action's ref (pnpm from npm), cached in the runner's tool cache by a digest of the
//   sources, so a second use in a job, or a job on the same runner, packs nothing;
// - `install-from: registry`: `toolshift@<version>` from the npm registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { input, setOutput, splitArgs } from './inputs.mjs';
import { checkoutDigest, packCheckout } from './pack-checkout.mjs';

const actionRoot = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(
  readFileSync(join(actionRoot, 'packages', 'toolshift', 'package.json'), 'utf8'),
);
const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
const temp = process.env.RUNNER_TEMP ?? tmpdir();
const from = input('install-from') || 'checkout';
if (!['checkout', 'registry'].includes(from))
  throw new Error(`install-from must be 'checkout' or 'registry' (got '${from}')`);

/** The specs to install: the `packages` input, else the checkout's tarballs or the registry's package. */
function specs() {
  if (input('packages'))
    // Local tarballs and folders are taken from the workspace; registry specs pass through.
    return splitArgs(input('packages')).map((spec) =>
      /^(\.{1,2}\/|\/)/.test(spec) || spec.endsWith('.tgz')
        ? isAbsolute(spec)
          ? spec
          : resolve(workspace, spec)
        : spec,
    );
  if (from === 'registry') return [`toolshift@${version}`];
  const cache = join(
    process.env.RUNNER_TOOL_CACHE ?? join(temp, 'tool-cache'),
    'toolshift',
    checkoutDigest(actionRoot),
  );
  const listed = join(cache, 'tarballs.json');
  if (existsSync(listed)) {
    console.log(`Using the packages packed earlier at this ref: ${cache}`);
    return JSON.parse(readFileSync(listed, 'utf8'));
  }
  console.log(`Building and packing the action's checkout (${actionRoot}) into ${cache}`);
  const tarballs = packCheckout(actionRoot, cache, join(temp, 'toolshift-pnpm'));
  writeFileSync(listed, `${JSON.stringify(tarballs)}\n`);
  return tarballs;
}

const install = specs();
const prefix = join(temp, 'toolshift-action');
mkdirSync(prefix, { recursive: true });
writeFileSync(join(prefix, 'package.json'), '{ "name": "toolshift-action", "private": true }\n');
console.log(`Installing ${install.join(' ')} into ${prefix}`);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...install], {
  cwd: prefix,
  stdio: 'inherit',
});
const bin = join(prefix, 'node_modules', '.bin', 'toolshift');
const installed = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
console.log(`toolshift ${installed}`);
setOutput('bin', bin);
setOutput('version', installed);
