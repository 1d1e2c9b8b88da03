// pnpm bench: builds each package that has benchmarks (tsc -b), then runs its benchmarks
// (packages/*/bench/*.bench.ts or .mjs) one after another, each in its own node process
// (TypeScript through tsx). Benchmarks print their own figures; this
// runner only finds, runs and times them, and fails if one fails. Not a test: nothing here asserts
// on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2];
const files = [];
const packages = [];
for (const pkg of readdirSync(join(root, 'packages')).sort()) {
  const dir = join(root, 'packages', pkg, 'bench');
  if (!existsSync(dir)) continue;
  packages.push(pkg);
  for (const file of readdirSync(dir).sort()) {
    if (/\.bench\.(ts|mjs)$/.test(file)) files.push(join(dir, file));
  }
}
const selected = filter ? files.filter((file) => file.includes(filter)) : files;
if (selected.length === 0) {
  console.error(filter ? `No benchmark matches '${filter}'.` : 'No benchmarks found.');
  process.exit(1);
}
// Benchmarks measure the built code (dist/), as users run it.
for (const pkg of packages) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', join('packages', pkg)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error(`Building packages/${pkg} failed; fix the build before benchmarking.`);
    process.exit(1);
  }
}
let failed = 0;
for (const file of selected) {
  const name = relative(root, file);
  console.log(`\n== ${name}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: 'inherit' });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    failed += 1;
    console.log(`== ${name}: FAILED (exit ${run.status}) after ${secs} s`);
  } else {
    console.log(`== ${name}: done in ${secs} s`);
  }
}
process.exit(failed ? 1 : 0);
