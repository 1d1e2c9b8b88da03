import { isCharged, NORMATIVE_LEVELS, type NormativeLevel } from '@toolshift/assertions';
import type { ExpectedFailure, ExpectedFailures } from '../baseline/expected-failures.js';
import type { RootCause } from '../baseline/root-cause.js';
import type { Driver } from './driver-manifest.js';
import { claimsModern, ERA_PROBE_SCENARIO, modernGroupGrade } from './era-support.js';
import type { Finding, RootCauseReport } from './finding.js';
import { gradeContextFor } from './grade-context.js';
import { type GradedCell, regradeCell } from './graded-cell.js';
import { gradeCells } from './group-grade.js';
import { loadLibraryBaseline } from './library-baseline.js';
import type { DriverScore } from './run-scorecard.js';

/** True when a baseline entry is about a graded cell's scenario, era and transport. */
function isAbout(entry: ExpectedFailure, client: string, cell: GradedCell): boolean {
  return (
    entry.client === client &&
    entry.scenario === cell.scenarioId &&
    (entry.era === undefined || entry.era === cell.era) &&
    (entry.transport === undefined || entry.transport === cell.transport)
  );
}

/** The checks a failing graded cell failed (its first failure's, for a cell stored before the list). */
function failingChecksOf(cell: GradedCell): string[] {
  return cell.failingChecks ?? (cell.failure ? [cell.failure.checkId] : []);
}

/**
 * The entry covering a failing graded cell: one whose check is among the cell's failing checks
 * first (a cell failing two checks may have an entry for each), else one naming no check.
 */
function coveringEntry(
  entries: readonly ExpectedFailure[],
  client: string,
  cell: GradedCell,
): ExpectedFailure | undefined {
  const about = entries.filter((entry) => isAbout(entry, client, cell));
  const failing = failingChecksOf(cell);
  return (
    about.find((entry) => entry.check !== undefined && failing.includes(entry.check)) ??
    about.find((entry) => entry.check === undefined)
  );
}

/**
 * The strongest of `levels` (`must` first); `advice` when none is known (a cell stored before
 * levels): a check whose level was never recorded claims nothing.
 */
function strongest(levels: readonly NormativeLevel[] | undefined): NormativeLevel {
  if (!levels?.length) return 'advice';
  return NORMATIVE_LEVELS.find((level) => levels.includes(level)) ?? 'advice';
}

/**
 * The level a root cause charges one failing cell with. A cause that breaks a clause (`must`,
 * `should`) charges a cell only where the check its entry names failed there at that level or a
 * stronger one: the cell's own verdict shows the clause broken (a cell that fails only as a
 * consequence, e.g. a tool set never re-listed after the dead session, is a risk of the cause, and
 * stops matching once the library is fixed). A `library-doc` cause charges a cell whose entry names
 * a check the cell failed. Anything else is advice.
 */
function chargedLevel(cause: RootCause, entry: ExpectedFailure, cell: GradedCell): NormativeLevel {
  if (!isCharged(cause.level)) return cause.level;
  const index = entry.check === undefined ? -1 : failingChecksOf(cell).indexOf(entry.check);
  if (index < 0) return 'advice';
  if (cause.level === 'library-doc') return cause.level;
  const shown = cell.failingLevels?.[index] ?? 'advice';
  return NORMATIVE_LEVELS.indexOf(shown) <= NORMATIVE_LEVELS.indexOf(cause.level) ? cause.level : 'advice';
}

/**
 * Charges one row's failing cells to the library's root causes: a failing cell an entry covers is a
 * known failure of the entry's root cause, charged as a bug when the root cause breaks a MUST, a
 * SHOULD or the library's documented promise and shown as a risk when it is advice; one no entry
 * covers is an unexplained failure, a lead (`unconfirmed`) when a failing check rests on a MUST or
 * SHOULD and a risk when every failing check is advice. A passing cell an entry no longer expects
 * to fail is a pass again (not stale); each cell's re-asking excuse is recomputed from its failing
 * checks; then the grades (the modern protocol group held to the measured era support), the
 * findings, the root causes with their cells and the exit code follow.
 */
export function chargeRow(
  score: DriverScore,
  driver: Driver,
  baseline: ExpectedFailures | undefined,
): DriverScore {
  const entries = baseline?.entries ?? [];
  const causes = new Map((baseline?.rootCauses ?? []).map((cause) => [cause.id, cause]));
  const findings: Finding[] = [];
  const explained = new Map<string, RootCauseReport['cells']>();
  const context = gradeContextFor(driver.manifest);
  const chargeCell = (stored: GradedCell): GradedCell => {
    const cell = regradeCell(stored, context);
    const {
      baselineReason: _reason,
      rootCause: _cause,
      level: _level,
      risk: _risk,
      notApplicable: _excuse,
      notApplicableBy: _excusedBy,
      reaskedDespite: _reasked,
      ...rest
    } = cell;
    if (cell.status === 'stale') {
      // A cell that passed against an entry expecting it to fail: it passes once the entry is gone.
      const expected = entries.some((each) => isAbout(each, score.client, cell));
      return expected ? cell : { ...rest, status: 'pass' as const };
    }
    if (cell.status !== 'fail' && cell.status !== 'known-failure') return cell;
    const entry = coveringEntry(entries, score.client, cell);
    const cause = entry?.rootCause !== undefined ? causes.get(entry.rootCause) : undefined;
    // An excuse (re-asking, the driver's model layer, a host feature) says which failing checks are
    // not the library's; a baseline entry charging the cell to a root cause that breaks a clause or
    // a documented promise says the failure's cause is the library's all the same (e.g. a model
    // request that failed on a dead session, which no re-asking could have helped).
    const excused = cell.notApplicable !== undefined || cell.reaskedDespite !== undefined;
    const causeLevel = cause && entry ? chargedLevel(cause, entry, cell) : undefined;
    if (excused && !(causeLevel && isCharged(causeLevel))) return cell;
    const level = causeLevel ?? strongest(cell.failingLevels);
    const checkId = entry?.check ?? cell.failure?.checkId ?? 'unknown';
    findings.push({
      client: score.client,
      scenarioId: cell.scenarioId,
      era: cell.era,
      checkId,
      reason: entry?.reason ?? cell.failure?.message ?? 'failed',
      evidence: entry?.evidence ?? [],
      explained: entry !== undefined,
      ...(cause ? { rootCause: cause.id } : {}),
      level,
      charged: isCharged(level),
    });
    if (cause)
      explained.set(cause.id, [
        ...(explained.get(cause.id) ?? []),
        {
          scenarioId: cell.scenarioId,
          era: cell.era,
          checkId,
          ...(isCharged(cause.level) && !isCharged(level) ? { risk: true as const } : {}),
        },
      ]);
    return {
      ...rest,
      status: entry ? ('known-failure' as const) : ('fail' as const),
      ...(entry ? { baselineReason: entry.reason } : {}),
      ...(cause ? { rootCause: cause.id, level } : {}),
      ...(!isCharged(level) ? { risk: true as const } : {}),
    };
  };
  const charged = score.groups.map((group) => gradeCells(group.group, group.cells.map(chargeCell)));
  const probeCause = findings.find(
    (finding) => finding.scenarioId === ERA_PROBE_SCENARIO && finding.era === 'modern' && finding.charged,
  )?.rootCause;
  const claims = claimsModern(driver.manifest, score.declaredEras);
  const groups = charged.map((grade) => modernGroupGrade(grade, score.eraSupport, claims, probeCause));
  const rootCauses: RootCauseReport[] = [...causes.values()].map((cause) => ({
    ...cause,
    charged: isCharged(cause.level),
    cells: explained.get(cause.id) ?? [],
  }));
  const unexplained = findings.some((finding) => !finding.explained && finding.charged);
  return {
    ...score,
    groups,
    findings,
    rootCauses,
    exitCode: unexplained ? 1 : score.exitCode === 4 ? 4 : 0,
  };
}

/**
 * Applies each driver's current baseline to its row ({@link chargeRow}): after a run, and for
 * `toolshift scorecard --rerender` (a stored `scorecard.json` graded again after editing a
 * library's baseline, without running anything).
 * @throws {ToolshiftError} BASELINE_INVALID when a library's baseline breaks the scorecard's rules (`loadLibraryBaseline`).
 */
export async function applyDriverBaselines(
  scores: readonly DriverScore[],
  drivers: readonly Driver[],
  repoRoot: string,
): Promise<DriverScore[]> {
  const result: DriverScore[] = [];
  for (const score of scores) {
    const driver = drivers.find((each) => each.id === score.id);
    if (score.skipped || !driver) {
      result.push(score);
      continue;
    }
    result.push(chargeRow(score, driver, await loadLibraryBaseline(driver, repoRoot)));
  }
  return result;
}
