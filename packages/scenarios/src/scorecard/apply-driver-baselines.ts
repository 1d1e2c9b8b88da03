import { join } from 'node:path';
import { type ExpectedFailure, loadExpectedFailures } from '../baseline/expected-failures.js';
import type { Driver } from './driver-manifest.js';
import { gradeContextFor } from './grade-context.js';
import { type GradedCell, gradeCells, regradeCell } from './group-grade.js';
import type { DriverScore, Finding } from './run-scorecard.js';

/** True when a baseline entry is about a graded cell's scenario, era and transport. */
function isAbout(entry: ExpectedFailure, client: string, cell: GradedCell): boolean {
  return (
    entry.client === client &&
    entry.scenario === cell.scenarioId &&
    (entry.era === undefined || entry.era === cell.era) &&
    (entry.transport === undefined || entry.transport === cell.transport)
  );
}

/** True when a baseline entry covers a graded cell (its first failing check, when the entry names one). */
function covers(entry: ExpectedFailure, client: string, cell: GradedCell): boolean {
  return isAbout(entry, client, cell) && (entry.check === undefined || entry.check === cell.failure?.checkId);
}

/**
 * Re-applies each driver's current baseline to a stored scorecard (`scorecard.json`) without running
 * anything: a failing cell an entry now covers becomes a known failure with the entry's reason and
 * evidence, one no entry covers becomes an unexplained failure, a passing cell an entry no longer
 * expects to fail is a pass again (not stale), each cell's re-asking excuse is
 * recomputed from its failing checks, and the grades, findings and exit codes follow. For
 * `toolshift scorecard --rerender`, after editing a library's expected-failures file.
 */
export async function applyDriverBaselines(
  scores: readonly DriverScore[],
  drivers: readonly Driver[],
): Promise<DriverScore[]> {
  const result: DriverScore[] = [];
  for (const score of scores) {
    const driver = drivers.find((each) => each.id === score.id);
    if (score.skipped || !driver) {
      result.push(score);
      continue;
    }
    const entries = driver.manifest.baseline
      ? (await loadExpectedFailures(join(driver.dir, driver.manifest.baseline))).entries
      : [];
    const findings: Finding[] = [];
    const context = gradeContextFor(driver.manifest);
    const groups = score.groups.map((group) =>
      gradeCells(
        group.group,
        group.cells.map((stored) => {
          const cell = regradeCell(stored, context);
          if (cell.status === 'stale') {
            // A cell that passed against an entry expecting it to fail: it passes once the entry is gone.
            const expected = entries.some((each) => isAbout(each, score.client, cell));
            const { baselineReason: _previous, ...rest } = cell;
            return expected ? cell : { ...rest, status: 'pass' as const };
          }
          if (cell.status !== 'fail' && cell.status !== 'known-failure') return cell;
          if (cell.notApplicable !== undefined || cell.reaskedDespite !== undefined) return cell;
          const entry = entries.find((each) => covers(each, score.client, cell));
          findings.push({
            client: score.client,
            scenarioId: cell.scenarioId,
            era: cell.era,
            checkId: cell.failure?.checkId ?? 'unknown',
            reason: entry?.reason ?? cell.failure?.message ?? 'failed',
            evidence: entry?.evidence ?? [],
            explained: entry !== undefined,
          });
          const { baselineReason: _previous, ...rest } = cell;
          return entry
            ? { ...rest, status: 'known-failure' as const, baselineReason: entry.reason }
            : { ...rest, status: 'fail' as const };
        }),
      ),
    );
    const unexplained = findings.some((finding) => !finding.explained);
    result.push({ ...score, groups, findings, exitCode: unexplained ? 1 : score.exitCode === 4 ? 4 : 0 });
  }
  return result;
}
