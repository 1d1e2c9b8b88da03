// Step 1 of the toolshift action: installs the CLI with npm into a directory of its own (never the
// user's project) and outputs `bin`, the toolshift executable, and `version`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { input, setOutput, splitArgs } from './inputs.mjs';

const actionRoot = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(
  readFileSync(join(actionRoot, 'packages', 'toolshift', 'package.json'), 'utf8'),
);
const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
// Local tarballs and folders are taken from the workspace; registry specs pass through.
const specs = (input('packages') ? splitArgs(input('packages')) : [`toolshift@${version}`]).map((spec) =>
  /^(\.{1,2}\/|\/)/.test(spec) || spec.endsWith('.tgz')
    ? isAbsolute(spec)
      ? spec
      : resolve(workspace, spec)
    : spec,
);
const prefix = join(process.env.RUNNER_TEMP ?? tmpdir(), 'toolshift-action');
mkdirSync(prefix, { recursive: true });
writeFileSync(join(prefix, 'package.json'), '{ "name": "toolshift-action", "private": true }\n');
console.log(`Installing ${specs.join(' ')} into ${prefix}`);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
  cwd: prefix,
  stdio: 'inherit',
});
const bin = join(prefix, 'node_modules', '.bin', 'toolshift');
const installed = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
console.log(`toolshift ${installed}`);
setOutput('bin', bin);
setOutput('version', installed);
