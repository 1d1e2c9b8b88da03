// Full refresh of a 10,000-tool catalog over loopback HTTP: the reference client (lazy and eager
// validator compilation) against the bare official SDK client's listTools() on the same server,
// in the same run. Each client runs in its own process so RSS figures are its own.
//
// Rounds interleave the clients so a noisy neighbour hurts them alike; figures are medians. Wall
// times include the fake server (same process for all clients); CPU times are the client's own.
//
// Environment: TOOLS (default 10000), PAGE (tools per page, default 500), RUNS (unchanged refreshes
// per client, default 5), ROUNDS (default 3; the eager client, ~1 ms per compile, runs once).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import { printTarget } from '../../../bench/targets.mjs';

const TOOLS = Number(process.env.TOOLS ?? 10_000);
const PAGE = Number(process.env.PAGE ?? 500);
const RUNS = Number(process.env.RUNS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const run = promisify(execFile);

function catalogTool(i) {
  return {
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: `Tool number ${i}: looks things up in system ${i % 97} and returns matching records.`,
    inputSchema: {
      type: 'object',
      properties: {
        [`query_${i}`]: { type: 'string', description: 'What to look for.', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100 + (i % 50) },
        mode: { type: 'string', enum: ['fast', 'thorough', `mode_${i % 13}`] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: [`query_${i}`],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: i % 2 === 0 },
  };
}

const server = createFakeServer(
  scriptBuilder('bench-10k')
    .tools(...Array.from({ length: TOOLS }, (_, i) => catalogTool(i)))
    .pageSize(PAGE)
    .build(),
  { transcript: 'disabled' },
);
const http = await startHttpTransport(server, { maxBodyBytes: 64 * 1024 * 1024 });
const client = fileURLToPath(new URL('./refresh-client.mjs', import.meta.url));
const samples = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round === 0 ? ['sdk', 'host-lazy', 'host-eager'] : ['sdk', 'host-lazy']) {
      const { stdout } = await run(process.execPath, ['--expose-gc', client, mode, http.url, String(RUNS)], {
        maxBuffer: 1024 * 1024,
      });
      samples.push(JSON.parse(stdout.trim().split('\n').at(-1)));
    }
  }
} finally {
  await http.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = ['sdk', 'host-lazy', 'host-eager'].map((mode) => {
  const of = samples.filter((s) => s.mode === mode);
  const pick = (field) => median(of.map((s) => s[field]));
  return {
    mode,
    rounds: of.length,
    tools: of[0].tools,
    compiles: of[0].compiles,
    firstMs: pick('firstMs'),
    firstCpuMs: pick('firstCpuMs'),
    unchangedMs: pick('unchangedMs'),
    unchangedCpuMs: pick('unchangedCpuMs'),
    maxRssMb: Math.max(...of.map((s) => s.maxRssMb)),
  };
});
const sdk = results[0];
const fmt = (n) => n.toFixed(0);
console.log(
  `\nreference-client refresh benchmark: ${TOOLS} tools, pages of ${PAGE}, loopback HTTP; medians over ${ROUNDS} interleaved rounds, ${RUNS} unchanged refreshes each`,
);
console.log(
  '| client | rounds | first refresh ms (client CPU) | unchanged refresh ms (client CPU) | first / unchanged | unchanged vs SDK | validators compiled | max RSS MB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.mode} | ${r.rounds} | ${fmt(r.firstMs)} (${fmt(r.firstCpuMs)}) | ${fmt(r.unchangedMs)} (${fmt(r.unchangedCpuMs)}) | ${(r.firstMs / r.unchangedMs).toFixed(1)}× | ${(r.unchangedMs / sdk.unchangedMs).toFixed(2)}× | ${r.compiles ?? '-'} | ${r.maxRssMb} |`,
  );
}
console.log(
  '\nfirst refresh = connect + era negotiation + every page; the host rows add canonicalize + SHA-256 + the schema gate, host-eager also compiles every validator; on an unchanged refresh the host reads the bytes of each page, and a page whose SHA-256 matches the same page of the last listing reuses its contracts undecoded.',
);
// The targets of issue 11, as ratios to the bare SDK client measured in this same run.
const lazy = results[1];
const ratios = [
  ['first refresh (wall)', lazy.firstMs / sdk.firstMs, 1.0],
  ['unchanged refresh (wall)', lazy.unchangedMs / sdk.unchangedMs, 0.5],
  ['max RSS', lazy.maxRssMb / sdk.maxRssMb, 1.0],
];
console.log('\nDiscoveryHost (lazy) / bare SDK listTools(), same run:');
const cpuRatio = lazy.firstCpuMs / sdk.firstCpuMs;
for (const [label, ratio, target] of ratios) {
  printTarget({
    label: `reference client / SDK, ${label}`,
    value: ratio,
    unit: '×',
    target,
    better: 'lower',
    ...(label.startsWith('first') ? { detail: `client CPU ${cpuRatio.toFixed(2)}×` } : {}),
  });
}
console.log(
  JSON.stringify({
    tools: TOOLS,
    page: PAGE,
    runs: RUNS,
    rounds: ROUNDS,
    results,
    ratios: Object.fromEntries(ratios.map(([label, ratio, target]) => [label, { ratio, target }])),
  }),
);
