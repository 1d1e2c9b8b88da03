import type { CellResult, CellStatus } from './cell.js';
import { firstInconclusive } from './essential-checks.js';

/**
 * What a whole run amounts to: `0` the results match the baseline; `1` an unexpected failure, a
 * stale baseline entry or a harness error (and a report written before the run ended); `4` nothing
 * was judged (no cell passed or failed: every cell was `n/a` or `inconclusive`), so the run is not a
 * match either; `130` / `143` the run was interrupted by SIGINT / SIGTERM (128 + the signal's
 * number), `138` when a SIGUSR1 stopped it (an attempt to open the runner's inspector). Same numbers
 * as the CLI's `EXIT` codes.
 */
export type RunExitCode = 0 | 1 | 4 | 130 | 138 | 143;

/**
 * How a run stopped early: a signal (`SIGINT`, Ctrl-C; `SIGTERM`, e.g. a CI job cancelled;
 * `SIGUSR1`, which asks a Node process to open its inspector to whoever sent it: a run whose judge
 * someone tried to open to a debugger gives no verdict), or `unfinished` — what a report file says while the run is still going (written when the run
 * starts, replaced when it ends), so a run killed outright leaves reports saying it did not finish
 * rather than an older run's.
 */
export type Interruption = 'SIGINT' | 'SIGTERM' | 'SIGUSR1' | 'unfinished';

/** The exit code of a run stopped by `interruption` (an unfinished report counts as no match: 1). */
export function interruptedExitCode(interruption: Interruption): RunExitCode {
  switch (interruption) {
    case 'SIGINT':
      return 130;
    case 'SIGTERM':
      return 143;
    case 'SIGUSR1':
      return 138;
    default:
      return 1;
  }
}

/** The exit code of a run and, for exit 4, why nothing was judged. */
export interface RunOutcome {
  exitCode: RunExitCode;
  /** Exit 4 only: why no cell was judged, naming the reasons the cells give (most frequent first). */
  unjudged?: string;
}

/** How many reasons a summary names before "…". */
const MAX_REASONS = 3;

/** `reason (N cells); …`, most frequent first. */
function tally(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = sorted
    .slice(0, MAX_REASONS)
    .map(([reason, n]) => `${reason} (${n} ${n === 1 ? 'cell' : 'cells'})`);
  const more = sorted.length - MAX_REASONS;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} other ${more === 1 ? 'reason' : 'reasons'}` : ''}`;
}

/** Why an inconclusive cell could not be judged: its first inconclusive essential check's message (else its first inconclusive check's). */
export function inconclusiveReason(result: CellResult): string {
  const first = firstInconclusive(result.verdicts);
  return first ? `${first.checkId}: ${first.message}` : 'the scenario has no check';
}

/**
 * The outcome of a run from its counts: a failure, stale entry or harness error gives 1; otherwise
 * a run where no cell passed or failed (as the baseline expects) gives 4 with the reason, never 0:
 * "nothing ran" or "nothing could be judged" is not a match.
 */
export function runOutcome(results: readonly CellResult[], counts: Record<CellStatus, number>): RunOutcome {
  if (counts.fail + counts.stale + counts.error > 0) return { exitCode: 1 };
  if (counts.pass + counts['known-failure'] > 0) return { exitCode: 0 };
  const notApplicable = results.filter((result) => result.status === 'n/a');
  const inconclusive = results.filter((result) => result.status === 'inconclusive');
  if (results.length === 0) return { exitCode: 4, unjudged: 'the run had no cell' };
  if (inconclusive.length === 0)
    return {
      exitCode: 4,
      unjudged: `every cell was n/a: ${tally(notApplicable.map((result) => result.notApplicable ?? 'no reason given'))}`,
    };
  const cells = (n: number) => `${n} ${n === 1 ? 'cell was' : 'cells were'}`;
  const parts = [
    `${inconclusive.length === results.length ? 'every cell was' : cells(inconclusive.length)} inconclusive (an essential check in it lacked what it judges): ${tally(inconclusive.map(inconclusiveReason))}`,
  ];
  if (notApplicable.length > 0)
    parts.push(
      `the other ${cells(notApplicable.length)} n/a: ${tally(notApplicable.map((result) => result.notApplicable ?? 'no reason given'))}`,
    );
  return { exitCode: 4, unjudged: `no cell passed or failed: ${parts.join('; ')}` };
}
