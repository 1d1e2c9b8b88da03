// Benchmark (not a test): the main job, `toolshift run` with its defaults (every scenario, every era
// mode, the reference and SDK clients, every transport), as a user runs it after `pnpm build`.
// Prints its wall time, the CPU time of its own process and of it with every process it started
// (stdio servers, client processes), against the target of issue 16 (≤ 30 s of wall time on a quiet
// machine). The load average before and after is printed: on a busy machine wall time measures the
// neighbours, CPU time does not.
// Env: TOOLSHIFT_BENCH_MAIN_RUNS (default 1); TOOLSHIFT_BENCH_MAIN_ARGS (extra `run` arguments,
// space separated, e.g. `--concurrency 4` for the old default).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTarget } from '../../../bench/targets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'src', 'cli', 'main.js');
const runs = Number(process.env.TOOLSHIFT_BENCH_MAIN_RUNS ?? 1);
const extra = (process.env.TOOLSHIFT_BENCH_MAIN_ARGS ?? '').split(' ').filter(Boolean);
const dir = mkdtempSync(join(tmpdir(), 'toolshift-main-job-'));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const samples = [];
try {
  for (let run = 0; run < runs; run++) {
    const cpuFile = join(dir, `cpu-${run}.json`);
    const loadBefore = load();
    const started = performance.now();
    // bash's `times` adds up the CPU of every process the run started and waited for.
    const child = spawnSync(
      'bash',
      [
        '-c',
        'node --import "$0" "$@" > /dev/null; status=$?; times; exit $status',
        join(here, 'report-cpu.mjs'),
        cli,
        'run',
        '--json',
        join(dir, 'report.json'),
        '--json-transcripts',
        'none',
        ...extra,
      ],
      { env: { ...process.env, TOOLSHIFT_BENCH_CPU_FILE: cpuFile }, encoding: 'utf8' },
    );
    const wallMs = performance.now() - started;
    if (child.status !== 0 && child.status !== 1) {
      throw new Error(`toolshift run exited with ${child.status}: ${child.stderr}`);
    }
    const own = JSON.parse(readFileSync(cpuFile, 'utf8'));
    // `times` prints the shell's line, then its children's: "0m41.500s 0m4.410s".
    const childLine = child.stdout.trim().split('\n').at(-1) ?? '';
    const seconds = [...childLine.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    samples.push({
      wallMs,
      cpuMs: own.userMs + own.systemMs,
      treeCpuMs: (seconds[0] ?? 0) * 1000 + (seconds[1] ?? 0) * 1000,
      maxRssMb: own.maxRssMb,
      cells: report.results.length,
      executed: report.results.filter((result) => result.status !== 'n/a').length,
      runMs: report.durationMs,
      exitCode: child.status,
      loadBefore,
      loadAfter: load(),
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`toolshift run (defaults${extra.length ? `, ${extra.join(' ')}` : ''}), ${runs} run(s)`);
console.log(
  '| run | cells (executed) | wall s | CPU s (own process) | CPU s (with children) | max RSS MB | load before → after |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [index, s] of samples.entries()) {
  console.log(
    `| ${index + 1} | ${s.cells} (${s.executed}) | ${(s.wallMs / 1000).toFixed(1)} | ${(s.cpuMs / 1000).toFixed(1)} | ${(s.treeCpuMs / 1000).toFixed(1)} | ${s.maxRssMb} | ${s.loadBefore} → ${s.loadAfter} |`,
  );
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const wall = median(samples.map((s) => s.wallMs)) / 1000;
const cpu = median(samples.map((s) => s.cpuMs)) / 1000;
printTarget({
  label: 'toolshift run wall time (quiet machine)',
  value: wall,
  unit: ' s',
  target: 30,
  better: 'lower',
  digits: 1,
  detail: `CPU ${cpu.toFixed(1)} s in its own process, ${(median(samples.map((s) => s.treeCpuMs)) / 1000).toFixed(1)} s with its children; load average before ${samples[0].loadBefore}`,
});
printTarget({
  label: 'toolshift run CPU time, own process',
  value: cpu,
  unit: ' s',
  digits: 1,
});
