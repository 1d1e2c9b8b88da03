import type { CellResult } from '../runner/cell.js';
import { CAPABILITY_GROUPS, type CapabilityGroup, groupsOf } from './capability-groups.js';
import type { GradeContext } from './grade-context.js';
import { type Grade, type GradedCell, gradedCell } from './graded-cell.js';

/** The grade of one group for one client, with the cells that decided it. */
export interface GroupGrade {
  group: CapabilityGroup;
  grade: Grade;
  /** One line: counts and, for a failure, the first failing scenario and check. */
  summary: string;
  /** The root causes of the library that failed cells of the group and are charged (fail), by id. */
  rootCauses?: string[];
  /** The group's risks: failures that break no clause (advice root causes, by id, or `unexplained <check>`). */
  risks?: string[];
  cells: GradedCell[];
}

/**
 * Grades every capability group for one client's results: `fail` when any cell failed (a known
 * failure too: the baseline explains a failure, it does not make it a pass) or hit a harness error,
 * except a failure that is not the library's (`reaskingGrade`: a re-asking host's registry-only
 * failure in a scenario without a model request, or one of the driver's model layer only: counted as
 * `n/a`, with the reason);
 * `n/a` when no cell of the group was judged (every one `n/a` or inconclusive); `pass by re-asking`
 * when every judged cell passed and at least one passed only by re-asking (see `passedByReasking`);
 * else `pass`.
 */
export function gradeGroups(results: readonly CellResult[], context?: GradeContext): GroupGrade[] {
  return CAPABILITY_GROUPS.map((group) =>
    gradeCells(
      group,
      results
        .filter((result) => groupsOf(result.scenarioId).includes(group))
        .map((result) => gradedCell(result, context)),
    ),
  );
}

/** The grade of one group from its graded cells (see {@link gradeGroups}). */
export function gradeCells(group: CapabilityGroup, cells: GradedCell[]): GroupGrade {
  const excused = (cell: GradedCell) => cell.notApplicable !== undefined || cell.reaskedDespite !== undefined;
  const failing = cells.filter(
    (cell) => ['fail', 'known-failure', 'error'].includes(cell.status) && !excused(cell),
  );
  const risky = failing.filter((cell) => cell.risk);
  const failed = failing.filter((cell) => !cell.risk);
  // A stale entry's cell passed: the baseline is out of date, the client is not.
  const passed = cells.filter(
    (cell) => cell.status === 'pass' || cell.status === 'stale' || cell.reaskedDespite !== undefined,
  );
  const reasked = passed.filter((cell) => cell.reasked || cell.reaskedDespite !== undefined);
  const unjudged = cells.length - failing.length - passed.length;
  const unique = (ids: string[]) => [...new Set(ids)];
  const risks = unique(
    risky.map((cell) => cell.rootCause ?? `unexplained ${cell.failure?.checkId ?? 'failure'}`),
  );
  const rootCauses = unique(failed.flatMap((cell) => (cell.rootCause ? [cell.rootCause] : [])));
  const extra = {
    ...(rootCauses.length ? { rootCauses } : {}),
    ...(risks.length ? { risks } : {}),
  };
  const counts = `${passed.length} passed, ${failed.length} failed, ${risky.length} at risk, ${unjudged} n/a or inconclusive`;
  if (failed.length) {
    const first = failed.find((cell) => cell.status === 'known-failure') ?? failed[0]!;
    return {
      group,
      grade: failed.some((cell) => cell.status === 'known-failure') ? 'fail' : 'unconfirmed',
      summary: `${counts}; first: ${first.scenarioId} (${first.era}) ${first.failure?.checkId ?? first.status}${first.rootCause ? ` (${first.rootCause})` : ''}`,
      ...extra,
      cells,
    };
  }
  if (!passed.length)
    return {
      group,
      grade: 'n/a',
      summary: cells.length ? `${counts}: nothing judged` : 'no cell ran',
      ...extra,
      cells,
    };
  if (reasked.length)
    return {
      group,
      grade: 'pass by re-asking',
      summary: `${counts}; ${reasked.length} passed only by listing again before each request, with no change channel open`,
      ...extra,
      cells,
    };
  return { group, grade: 'pass', summary: counts, ...extra, cells };
}
