import type { Era } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { type ExpectedFailures, findExpectedFailure } from '../baseline/expected-failures.js';
import type { Reporter } from '../reports/reporter.js';
import type { Scenario } from '../scenario.js';
import type { Cell, CellResult, CellStatus } from './cell.js';
import { type CellOptions, runCell } from './run-cell.js';

/** What to run. */
export interface SuiteOptions extends CellOptions {
  scenarios: readonly Scenario[];
  eras: readonly Era[];
  clients: readonly ClientAdapterFactory[];
  baseline?: ExpectedFailures;
  reporters?: readonly Reporter[];
}

/** Totals of a run; `exitCode` is 0 only when every cell matched the baseline. */
export interface SuiteSummary {
  results: CellResult[];
  counts: Record<CellStatus, number>;
  /** 0: results match the baseline; 1: an unexpected failure, a stale baseline entry or a harness error. */
  exitCode: 0 | 1;
  durationMs: number;
}

/** Expands scenarios × eras × clients into cells (a scenario only runs in the eras it lists). */
export function expandCells(options: Pick<SuiteOptions, 'scenarios' | 'eras' | 'clients'>): Cell[] {
  const cells: Cell[] = [];
  for (const scenario of options.scenarios) {
    for (const era of options.eras) {
      if (!scenario.eras.includes(era)) continue;
      for (const client of options.clients)
        cells.push({ scenarioId: scenario.id, era, transport: 'http', client: client.name });
    }
  }
  return cells;
}

/**
 * Runs every cell one after another (so timing noise stays low), applies the baseline and feeds the
 * reporters. The reference client is never baseline-excused: its failures are always unexpected.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteSummary> {
  const started = Date.now();
  const scenarios = new Map(options.scenarios.map((scenario) => [scenario.id, scenario]));
  const clients = new Map(options.clients.map((client) => [client.name, client]));
  const results: CellResult[] = [];
  const cells = expandCells(options);
  for (const reporter of options.reporters ?? []) await reporter.onRunStart?.(cells);
  for (const cell of cells) {
    const client = clients.get(cell.client)!;
    const raw = await runCell(scenarios.get(cell.scenarioId)!, cell.era, client, options);
    const expected = client.kind === 'reference' ? undefined : findExpectedFailure(options.baseline, cell);
    let status: CellStatus;
    if (raw.rawStatus === 'error') status = 'error';
    else if (raw.rawStatus === 'fail') status = expected ? 'known-failure' : 'fail';
    else status = expected ? 'stale' : 'pass';
    const result: CellResult = { ...raw, status, ...(expected ? { baselineReason: expected.reason } : {}) };
    results.push(result);
    for (const reporter of options.reporters ?? []) await reporter.onCellEnd?.(result);
  }
  const counts: Record<CellStatus, number> = { pass: 0, fail: 0, 'known-failure': 0, stale: 0, error: 0 };
  for (const result of results) counts[result.status] += 1;
  const summary: SuiteSummary = {
    results,
    counts,
    exitCode: counts.fail + counts.stale + counts.error > 0 ? 1 : 0,
    durationMs: Date.now() - started,
  };
  for (const reporter of options.reporters ?? []) await reporter.onRunEnd?.(summary);
  return summary;
}
