// Benchmark (not a test): how many generated schedules (property runs: a generated trial plus a
// fast-check scheduler, run in-process against a client) the explorer gets through per minute.
// Needs the built packages (`pnpm build`); the root `pnpm bench` builds first. Env:
// TOOLSHIFT_BENCH_SECONDS (per property and client, default 20), TOOLSHIFT_BENCH_WARMUP_SECONDS
// (schedules of other inputs run first and not counted, so every row is measured with the code
// already compiled, not only the rows after the first; default 3). Besides the wall-clock rate each
// row prints the process's CPU time per schedule (user + system, GC threads included), which moves
// less with the neighbours' load on a shared machine.

import { CLIENT_ADAPTERS, NaiveClient, PROPERTIES, runTrial } from '@toolshift/scenarios';
import fc from 'fast-check';
import { printTarget } from '../../../bench/targets.mjs';

const seconds = Number(process.env.TOOLSHIFT_BENCH_SECONDS ?? 20);
const warmupSeconds = Number(process.env.TOOLSHIFT_BENCH_WARMUP_SECONDS ?? 3);
const naive = { name: 'naive-control', kind: 'defect', description: '', create: () => new NaiveClient() };
const plan = [
  ['list-changed-race', CLIENT_ADAPTERS.reference],
  ['list-changed-race', naive],
  ['cache-scope-isolation', CLIENT_ADAPTERS['reference-gateway']],
  ['revalidation-before-execution', CLIENT_ADAPTERS.reference],
];

console.log(
  `in-process schedules per minute (${seconds} s per row after ${warmupSeconds} s of warm-up, Node ${process.version})`,
);
console.log(
  'property                        client              runs   runs/min   deliveries/s  frames/run  cpu ms/run',
);
const rates = [];
for (const [id, client] of plan) {
  const suite = PROPERTIES[id];
  const options = { invariants: suite.invariants, ...(suite.maxTasks ? { maxTasks: suite.maxTasks } : {}) };
  const warmupInputs = fc.sample(suite.input(), { seed: 3, numRuns: 2_000 });
  const warmupSchedulers = fc.sample(fc.scheduler(), { seed: 4, numRuns: 2_000 });
  const warmupStarted = performance.now();
  for (let i = 0; i < warmupInputs.length && performance.now() - warmupStarted < warmupSeconds * 1000; i++)
    await runTrial(suite.trial(warmupInputs[i]), client, warmupSchedulers[i], options);
  const inputs = fc.sample(suite.input(), { seed: 1, numRuns: 10_000 });
  const schedulers = fc.sample(fc.scheduler(), { seed: 2, numRuns: 10_000 });
  let runs = 0;
  let deliveries = 0;
  let frames = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000 && runs < inputs.length) {
    const run = await runTrial(suite.trial(inputs[runs]), client, schedulers[runs], options);
    deliveries += run.schedule.length;
    frames += run.record.transcript.length;
    runs += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerRun = (cpu.user + cpu.system) / 1000 / runs;
  rates.push({ id, client: client.name, perMinute: runs / (elapsed / 60), cpuMsPerRun });
  console.log(
    `${id.padEnd(32)}${client.name.padEnd(20)}${String(runs).padStart(5)}${(runs / (elapsed / 60)).toFixed(0).padStart(11)}${(deliveries / elapsed).toFixed(0).padStart(15)}${(frames / runs).toFixed(1).padStart(12)}${cpuMsPerRun.toFixed(2).padStart(12)}`,
  );
}
const race = rates.find((rate) => rate.id === 'list-changed-race' && rate.client === 'reference');
const control = rates.find((rate) => rate.id === 'list-changed-race' && rate.client === 'naive-control');
printTarget({
  label: 'list-changed-race schedules/min on the reference client',
  value: race.perMinute,
  unit: '/min',
  target: 6000,
  better: 'higher',
  digits: 0,
  detail: `naive control client ${control.perMinute.toFixed(0)}/min in the same run (reference/naive ${(race.perMinute / control.perMinute).toFixed(2)}); CPU ${race.cpuMsPerRun.toFixed(2)} ms per schedule (${(60_000 / race.cpuMsPerRun).toFixed(0)}/min per CPU-minute)`,
});
