import { randomUUID } from 'node:crypto';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import {
  type ExpectedFailures,
  failsAsExpected,
  findExpectedFailure,
} from '../baseline/expected-failures.js';
import type { Reporter } from '../reports/reporter.js';
import type { CellEra, Scenario, ScenarioTransport } from '../scenario.js';
import { CELL_STATUSES, type Cell, type CellResult, type CellStatus } from './cell.js';
import { estimateCellMs, longestFirst } from './cell-cost.js';
import { type CellOptions, type RawCellResult, runCell } from './run-cell.js';
import { type Interruption, interruptedExitCode, type RunExitCode, runOutcome } from './run-outcome.js';
import { type Shard, type ShardInfo, selectionDigest, shardCells } from './shard.js';

/** What to run. */
export interface SuiteOptions extends Omit<CellOptions, 'transport'> {
  scenarios: readonly Scenario[];
  /** Cell eras to run (a scenario runs only in those it lists). */
  eras: readonly CellEra[];
  /** Only these transports (default: every transport each scenario lists). */
  transports?: readonly ScenarioTransport[];
  clients: readonly ClientAdapterFactory[];
  baseline?: ExpectedFailures;
  reporters?: readonly Reporter[];
  /** Cells run at once (default 1). Each cell has its own servers and client, so cells never share state. */
  concurrency?: number;
  /**
   * The order cells start in: `longest-first` (default) by {@link estimateCellMs}, or `listed`
   * (scenario × era × transport × client order). Results come back in listed order either way.
   */
  order?: 'longest-first' | 'listed';
  /** Run only this shard of the selected cells (see {@link shardCells}). */
  shard?: Shard;
  /**
   * Aborting it (Ctrl-C) ends the run at once: no further cell starts, cells still running are left
   * out, and the reporters get the cells that finished (`interrupted: true`); abort with the
   * signal's name (`SIGINT`, `SIGTERM`) as the reason, and the summary's exit code is 128 + its
   * number.
   */
  signal?: AbortSignal;
  /** The run's id in its reports (default: a random UUID). */
  runId?: string;
}

/** What identifies a run in its reports: its id and when it started. */
export interface RunIdentity {
  /** A random UUID, the same in every report of the run. */
  runId: string;
  /** When the run started (ISO 8601, UTC). */
  startedAt: string;
}

/** Totals of a run; `exitCode` is 0 only when every cell matched the baseline and some cell was judged. */
export interface SuiteSummary extends RunIdentity {
  results: CellResult[];
  counts: Record<CellStatus, number>;
  /**
   * 0: results match the baseline; 1: an unexpected failure, a stale baseline entry or a harness
   * error; 4: nothing was judged (every cell `n/a` or `inconclusive`; `unjudged` says why); 130 /
   * 143: interrupted (see `interruptedBy`).
   */
  exitCode: RunExitCode;
  /** Exit 4: why no cell passed or failed. */
  unjudged?: string;
  /** When the run started (ISO 8601, UTC). */
  startedAt: string;
  durationMs: number;
  /** Set when the run was one shard of the selection (`--shard i/n`). */
  shard?: ShardInfo;
  /** The run was stopped (see {@link SuiteOptions.signal}): `results` holds only the cells that finished, of `cellCount`. */
  interrupted?: boolean;
  /** What stopped it (with `interrupted`). */
  interruptedBy?: Interruption;
  /** Cells the selection expanded to (more than `results` when interrupted). */
  cellCount: number;
}

/** Expands scenarios × eras × transports × clients into cells (a scenario only runs in the eras and transports it lists). */
export function expandCells(
  options: Pick<SuiteOptions, 'scenarios' | 'eras' | 'clients' | 'transports'>,
): Cell[] {
  const cells: Cell[] = [];
  for (const scenario of options.scenarios) {
    for (const era of options.eras) {
      if (!scenario.eras.includes(era)) continue;
      for (const transport of scenario.transports) {
        if (options.transports && !options.transports.includes(transport)) continue;
        for (const client of options.clients)
          cells.push({ scenarioId: scenario.id, era, transport, client: client.name });
      }
    }
  }
  return cells;
}

/**
 * Applies the baseline to a raw result. The reference client and the false-positive corpus are
 * never baseline-excused. An inconclusive cell stays `inconclusive` whether or not an entry covers
 * it: the run could not tell whether the expected failure is still there, so the entry is neither
 * met nor stale (its reason is kept on the result).
 */
export function applyBaseline(
  raw: RawCellResult,
  client: Pick<ClientAdapterFactory, 'kind'>,
  baseline: ExpectedFailures | undefined,
): CellResult {
  if (raw.rawStatus === 'n/a') return { ...raw, status: 'n/a' };
  const excusable = client.kind !== 'reference' && client.kind !== 'unusual';
  const expected = excusable ? findExpectedFailure(baseline, raw, raw.verdicts) : undefined;
  let status: CellStatus;
  let baselineReason = expected?.reason;
  if (raw.rawStatus === 'error') status = 'error';
  else if (raw.rawStatus === 'inconclusive') {
    status = 'inconclusive';
    if (expected)
      baselineReason = `the baseline expects ${expected.check ?? 'a failure'}; this run could not judge it (${expected.reason})`;
  } else if (raw.rawStatus === 'fail') {
    status = expected && failsAsExpected(expected, raw.verdicts) ? 'known-failure' : 'fail';
    if (expected && status === 'fail')
      baselineReason = `the baseline expects ${expected.check} to fail, but other checks failed (${expected.reason})`;
  } else status = expected ? 'stale' : 'pass';
  return { ...raw, status, ...(baselineReason !== undefined ? { baselineReason } : {}) };
}

/**
 * Runs every cell (up to `concurrency` at once, the most expensive first unless `order: 'listed'`),
 * applies the baseline and feeds the reporters; results come back in cell order whatever order the
 * cells start and finish in.
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteSummary> {
  const started = Date.now();
  const scenarios = new Map(options.scenarios.map((scenario) => [scenario.id, scenario]));
  const clients = new Map(options.clients.map((client) => [client.name, client]));
  const selected = expandCells(options);
  const cells = options.shard ? shardCells(selected, options.shard) : selected;
  const results: CellResult[] = new Array(cells.length);
  const run: RunIdentity = {
    runId: options.runId ?? randomUUID(),
    startedAt: new Date(started).toISOString(),
  };
  for (const reporter of options.reporters ?? []) await reporter.onRunStart?.(cells, run);
  const order =
    options.order === 'listed'
      ? cells.map((_, index) => index)
      : longestFirst(cells, (cell) =>
          estimateCellMs(scenarios.get(cell.scenarioId)!, cell, options.baseline, {
            ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
            ...(options.quietMs !== undefined ? { quietMs: options.quietMs } : {}),
            ...(options.waitTimeoutMs !== undefined ? { waitTimeoutMs: options.waitTimeoutMs } : {}),
          }),
        );
  let next = 0;
  const stopped = () => options.signal?.aborted === true;
  const worker = async () => {
    while (next < order.length && !stopped()) {
      const index = order[next++]!;
      const cell = cells[index]!;
      const client = clients.get(cell.client)!;
      const raw = await runCell(scenarios.get(cell.scenarioId)!, cell.era, client, {
        ...options,
        transport: cell.transport,
      });
      if (stopped()) return;
      const result = applyBaseline(raw, client, options.baseline);
      results[index] = result;
      for (const reporter of options.reporters ?? []) await reporter.onCellEnd?.(result);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, cells.length));
  const all = Promise.all(Array.from({ length: workers }, worker));
  const abort = new Promise<void>((resolve) => {
    if (stopped()) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([all, abort]);
  const finished = stopped() ? results.filter((result) => result !== undefined) : results;
  const summary = summarizeResults(finished, Date.now() - started, run.startedAt, cells.length, run.runId);
  if (stopped()) interrupt(summary, interruptionOf(options.signal?.reason));
  if (options.shard) {
    summary.shard = {
      ...options.shard,
      selectedCells: selected.length,
      selectionDigest: selectionDigest(selected),
    };
    // A shard that judged nothing (none of its cells, or all n/a) is no failure of the matrix job:
    // `toolshift merge-reports` applies the rule to the whole run (`unjudged` stays for the note).
    if (summary.exitCode === 4) summary.exitCode = 0;
  }
  for (const reporter of options.reporters ?? []) await reporter.onRunEnd?.(summary);
  return summary;
}

/**
 * Counts cell results by status and derives the exit code (a whole run, or shards merged back);
 * `runId` defaults to a fresh random UUID.
 */
export function summarizeResults(
  results: CellResult[],
  durationMs: number,
  startedAt: string,
  cellCount: number = results.length,
  runId: string = randomUUID(),
): SuiteSummary {
  const counts = Object.fromEntries(CELL_STATUSES.map((status) => [status, 0])) as Record<CellStatus, number>;
  for (const result of results) counts[result.status] += 1;
  return {
    runId,
    results,
    counts,
    ...runOutcome(results, counts),
    startedAt,
    durationMs,
    cellCount,
  };
}

/** Marks `summary` as interrupted by `by`: its exit code becomes the one toolshift exits with. */
export function interrupt(summary: SuiteSummary, by: Interruption): SuiteSummary {
  summary.interrupted = true;
  summary.interruptedBy = by;
  summary.exitCode = interruptedExitCode(by);
  // "Nothing was judged" is not why this run says nothing: it was stopped.
  delete summary.unjudged;
  return summary;
}

/** The interruption an abort `reason` names (`SIGTERM`, `SIGUSR1`; anything else counts as Ctrl-C). */
function interruptionOf(reason: unknown): Interruption {
  return reason === 'SIGTERM' || reason === 'SIGUSR1' ? reason : 'SIGINT';
}

/**
 * The summary a report holds while its run is still going (see `Interruption`): no result yet,
 * `interruptedBy: 'unfinished'`, exit code 1.
 */
export function unfinishedSummary(cells: readonly Cell[], run: RunIdentity): SuiteSummary {
  return interrupt(summarizeResults([], 0, run.startedAt, cells.length, run.runId), 'unfinished');
}
