// Benchmark (not a test): `toolshift run --command` beside the official MCP conformance suite's CLI,
// the same conformance-style program (examples/conformance-client/everything-client.mjs) in the same
// run, on the suite's client scenarios toolshift stands in for (`initialize`, `tools_call`), both in
// the 2025-11-25 era. The suite needs Node >= 22: node@22 and the suite come from npm into .interop/
// (interop/conformance-suite.mjs). Prints toolshift's median time per cell (the cell as its report
// times it, and its process's wall time per cell) against the target of issue 30 (≤ 2 s per cell),
// and the ratio to the suite's wall time per scenario (its process included).
// Env: TOOLSHIFT_BENCH_COMMAND_RUNS (default 5).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTarget } from '../../../bench/targets.mjs';
import { ensureConformanceSuite, SCRATCH, SUITE_BIN } from '../../../interop/conformance-suite.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'src', 'cli', 'main.js');
const program = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(here, '..', 'examples', 'conformance-client', 'everything-client.mjs'))}`;
const runs = Number(process.env.TOOLSHIFT_BENCH_COMMAND_RUNS ?? 5);
const SUITE_NAMES = ['initialize', 'tools_call'];
const dir = mkdtempSync(join(tmpdir(), 'toolshift-command-mode-'));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

ensureConformanceSuite();
const suiteEnv = { ...process.env, PATH: `${SUITE_BIN}:${process.env.PATH}` };
const suiteMs = [];
const cellMs = [];
const processPerCellMs = [];
try {
  for (let run = 0; run < runs; run++) {
    for (const name of SUITE_NAMES) {
      const started = performance.now();
      const suite = spawnSync(
        join(SUITE_BIN, 'conformance'),
        ['client', '--command', program, '--scenario', name],
        {
          cwd: SCRATCH,
          env: suiteEnv,
          encoding: 'utf8',
        },
      );
      suiteMs.push(performance.now() - started);
      if (suite.status !== 0)
        throw new Error(`the suite's ${name} failed (exit ${suite.status}): ${suite.stdout}${suite.stderr}`);
    }
    const report = join(dir, `report-${run}.json`);
    const started = performance.now();
    const toolshift = spawnSync(
      process.execPath,
      [
        cli,
        'run',
        '--command',
        program,
        '--scenario',
        ...SUITE_NAMES,
        '--era',
        'legacy',
        '--no-baseline',
        '--concurrency',
        '1',
        '--json',
        report,
      ],
      { encoding: 'utf8' },
    );
    const wallMs = performance.now() - started;
    if (toolshift.status !== 0)
      throw new Error(
        `toolshift run failed (exit ${toolshift.status}): ${toolshift.stdout}${toolshift.stderr}`,
      );
    const { results } = JSON.parse(readFileSync(report, 'utf8'));
    for (const result of results) cellMs.push(result.durationMs);
    processPerCellMs.push(wallMs / results.length);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const suite = median(suiteMs);
const cell = median(cellMs);
const perCell = median(processPerCellMs);
console.log(
  `${runs} runs of ${SUITE_NAMES.join(', ')} (2025-11-25), one cell or scenario at a time; load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log(
  `  the conformance suite's CLI: median ${suite.toFixed(0)} ms per scenario (its process included)`,
);
printTarget({
  label: '--command: median time per cell (the report)',
  value: cell,
  unit: ' ms',
  target: 2000,
  digits: 0,
  detail: `${(cell / suite).toFixed(2)}× the suite's time per scenario`,
});
printTarget({
  label: '--command: median wall time of a toolshift process per cell',
  value: perCell,
  unit: ' ms',
  digits: 0,
  detail: `${(perCell / suite).toFixed(2)}× the suite's time per scenario (the process's start-up spread over ${SUITE_NAMES.length} cells)`,
});
printTarget({
  label: 'ratio of a toolshift cell to a suite scenario',
  value: cell / suite,
  unit: '×',
  digits: 2,
});
