// Benchmark (pnpm bench, not a test): modern tools/list of 1,000 tools over loopback HTTP, the fake
// server (transcript on) against the limit (a bare node:http server writing the fake server's own
// pre-serialized answer) and the official SDK baseline (low-level Server, MODE=lowlevel) in the
// same run, then the fake server's RSS with a 10,000-tool catalog. Each row also gives the server
// process's CPU time per request (/proc): on a shared machine the throughput ratio follows the
// CPU each server and the load generator need per request, so this is where a ratio comes from.
// Environment: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (8), BENCH_ROUNDS (2),
// BENCH_MEMORY_REQUESTS (tools/list requests before the loaded RSS reading, default 200),
// TOOLSHIFT_SDK_BASELINE (default ../shared/bench/sdk-baseline-server.mjs from the repo root).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTarget } from '../../../bench/targets.mjs';
import { type ChildServer, spawnServer } from './child-server.js';
import { type LoadResult, loadToolsList } from './load.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const repoRoot = resolve(packageDir, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const memoryRequests = Number(process.env.BENCH_MEMORY_REQUESTS ?? 200);
const baselineSource = resolve(
  process.env.TOOLSHIFT_SDK_BASELINE ?? join(repoRoot, '../shared/bench/sdk-baseline-server.mjs'),
);

/** The fake server runs from dist/ (built by bench/run-all.mjs), as users run it. */
const fakeServerArgs = (tools: number, transcript = 'memory') => [
  join(here, 'serve-bench-server.mjs'),
  String(tools),
  transcript,
];

/** The baseline imports the SDK by bare name: run a copy from inside this package so they resolve. */
function baselineArgs(): string[] {
  if (!existsSync(baselineSource)) {
    throw new Error(`SDK baseline not found at ${baselineSource}; set TOOLSHIFT_SDK_BASELINE.`);
  }
  const cacheDir = join(packageDir, 'node_modules', '.cache', 'toolshift-bench');
  mkdirSync(cacheDir, { recursive: true });
  const copy = join(cacheDir, 'sdk-baseline-server.mjs');
  copyFileSync(baselineSource, copy);
  return [copy];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A load run's figures and the server's CPU time per answered request, µs. */
type Measured = LoadResult & { cpuUsPerRequest: number };

async function measure(server: ChildServer, label: string): Promise<Measured> {
  await loadToolsList(server.url, 2, connections); // warm-up: JIT, connection pool
  const cpuBefore = server.cpuMs();
  const result = await loadToolsList(server.url, seconds, connections);
  const cpuUsPerRequest = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, result.ok);
  if (result.failed > 0) throw new Error(`${label}: ${result.failed} requests failed`);
  console.log(
    `  ${label.padEnd(28)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ${(result.bytesPerResponse / 1024).toFixed(0)} KiB/response  server CPU ${cpuUsPerRequest.toFixed(0)} µs/request`,
  );
  return { ...result, cpuUsPerRequest };
}

async function throughput(): Promise<void> {
  console.log(
    `tools/list, 1,000 tools, ${connections} connections, ${seconds} s x ${rounds} rounds (alternating)`,
  );
  const fake = await spawnServer(fakeServerArgs(1000), { cwd: repoRoot });
  const limit = await spawnServer([join(here, 'limit-server.mjs'), '1000'], { cwd: repoRoot });
  const sdk = await spawnServer(baselineArgs(), { cwd: packageDir, env: { MODE: 'lowlevel', N: '1000' } });
  const fakeRuns: Measured[] = [];
  const limitRuns: Measured[] = [];
  const sdkRuns: Measured[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      fakeRuns.push(await measure(fake, `fake server (transcript on)`));
      limitRuns.push(await measure(limit, `limit (bare node:http)`));
      sdkRuns.push(await measure(sdk, `SDK baseline (lowlevel)`));
    }
  } finally {
    await fake.stop();
    await limit.stop();
    await sdk.stop();
  }
  const ratio = (runs: Measured[], pick: (r: Measured) => number) =>
    median(fakeRuns.map(pick)) / median(runs.map(pick));
  for (const [label, runs] of [
    ['limit', limitRuns],
    ['SDK', sdkRuns],
  ] as const) {
    console.log(
      `  ratio fake/${label} (medians): throughput ${ratio(runs, (r) => r.rps).toFixed(2)}x  p50 ${ratio(runs, (r) => r.p50).toFixed(2)}x  p99 ${ratio(runs, (r) => r.p99).toFixed(2)}x  server CPU/request ${ratio(runs, (r) => r.cpuUsPerRequest).toFixed(2)}x  (latency, CPU: lower is better)`,
    );
  }
  const spread = (runs: Measured[]) =>
    `${Math.min(...runs.map((r) => r.rps)).toFixed(0)}–${Math.max(...runs.map((r) => r.rps)).toFixed(0)} req/s`;
  printTarget({
    label: 'fake server / bare node:http, tools/list of 1,000 tools, transcript on (throughput)',
    value: ratio(limitRuns, (r) => r.rps),
    unit: '×',
    target: 0.8,
    better: 'higher',
    detail: `fake ${spread(fakeRuns)}, limit ${spread(limitRuns)}, ${rounds} rounds; server CPU ${median(fakeRuns.map((r) => r.cpuUsPerRequest)).toFixed(0)} vs ${median(limitRuns.map((r) => r.cpuUsPerRequest)).toFixed(0)} µs/request`,
  });
  printTarget({
    label: 'fake server / SDK low-level server, tools/list of 1,000 tools (throughput)',
    value: ratio(sdkRuns, (r) => r.rps),
    unit: '×',
    detail: `SDK ${spread(sdkRuns)}`,
  });
}

async function memory(): Promise<void> {
  console.log('RSS, 10,000-tool catalog, transcript on');
  const fake = await spawnServer(fakeServerArgs(10_000), { cwd: repoRoot });
  try {
    const idle = fake.rss();
    // A fixed number of requests, so the retained transcript is the same from run to run.
    const result = await loadToolsList(fake.url, 600, 2, memoryRequests);
    const loaded = fake.rss();
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`  after start:             ${mib(idle.rssBytes)} MiB`);
    if (result.failed > 0) throw new Error(`memory run: ${result.failed} requests failed`);
    console.log(
      `  after ${result.ok} tools/list:  ${mib(loaded.rssBytes)} MiB (peak ${mib(loaded.peakRssBytes)} MiB); target <= 150 MiB`,
    );
    printTarget({
      label: 'fake server RSS, 10,000-tool catalog, transcript on, after the tools/list run',
      value: loaded.rssBytes / 1024 / 1024,
      unit: ' MiB',
      target: 150,
      better: 'lower',
    });
  } finally {
    await fake.stop();
  }
}

await throughput();
await memory();
