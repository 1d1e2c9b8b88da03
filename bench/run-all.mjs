// pnpm bench: builds each package that has benchmarks (tsc -b), then runs its benchmarks
// (packages/*/bench/*.bench.ts or .mjs) one after another, each in its own node process
// (TypeScript through tsx). Benchmarks print their own figures; this
// runner finds, runs and times them, fails if one fails, and ends with every figure a benchmark
// printed against its target (bench/targets.mjs), met or not. Not a test: nothing here asserts on
// time, and a missed target does not fail the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TARGET_MARK } from './targets.mjs';

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
/** Runs one benchmark, echoing its output; resolves with its exit code and the targets it printed. */
function runBenchmark(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const targets = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(TARGET_MARK)) targets.push(JSON.parse(line.slice(TARGET_MARK.length)));
      else console.log(line);
    });
    child.on('close', (status) => resolve({ status, targets }));
  });
}

let failed = 0;
const summary = [];
for (const file of selected) {
  const name = relative(root, file);
  console.log(`\n== ${name}`);
  const started = Date.now();
  const run = await runBenchmark(file);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  for (const target of run.targets) summary.push({ bench: name, ...target });
  if (run.status !== 0) {
    failed += 1;
    console.log(`== ${name}: FAILED (exit ${run.status}) after ${secs} s`);
  } else {
    console.log(`== ${name}: done in ${secs} s`);
  }
}
if (summary.length > 0) {
  console.log('\n== figures against their targets (ratios are measured in the same run)');
  console.log('| benchmark | figure | value | target | |');
  console.log('|---|---|---|---|---|');
  for (const row of summary) {
    const value = `${row.value.toFixed(row.digits ?? 2)}${row.unit ?? ''}`;
    const target =
      row.target === undefined
        ? '—'
        : `${row.better === 'higher' ? '≥' : '≤'} ${row.target}${row.unit ?? ''}`;
    const met = row.met === undefined ? '' : row.met ? 'met' : 'NOT MET';
    console.log(`| ${row.bench} | ${row.label} | ${value} | ${target} | ${met} |`);
  }
}
process.exit(failed ? 1 : 0);
