import type { CellResult } from '../runner/cell.js';
import { CAPABILITY_GROUPS, type CapabilityGroup, groupsOf } from './capability-groups.js';
import { passedByReasking } from './re-asking.js';

/** A scorecard cell: how one client did on one capability group. */
export type Grade = 'pass' | 'pass by re-asking' | 'fail' | 'n/a';

/** One cell of the run behind a grade, as the scorecard JSON keeps it. */
export interface GradedCell {
  scenarioId: string;
  era: string;
  transport: string;
  /** The run's status (`known-failure`: failed as the library's baseline expects). */
  status: CellResult['status'];
  /** Passed, and the wire shows it passed only by listing again before each request. */
  reasked?: boolean;
  /** The first failing check, its message and evidence frames (`#seq`). */
  failure?: { checkId: string; message: string; evidence: number[] };
  /** The baseline's reason, when an entry covers the cell. */
  baselineReason?: string;
  /** Why the cell is `n/a` or inconclusive. */
  reason?: string;
}

/** The grade of one group for one client, with the cells that decided it. */
export interface GroupGrade {
  group: CapabilityGroup;
  grade: Grade;
  /** One line: counts and, for a failure, the first failing scenario and check. */
  summary: string;
  cells: GradedCell[];
}

function gradedCell(result: CellResult): GradedCell {
  const failure = result.firstFailure;
  return {
    scenarioId: result.scenarioId,
    era: result.era,
    transport: result.transport,
    status: result.status,
    ...(result.rawStatus === 'pass' && passedByReasking(result) ? { reasked: true } : {}),
    ...(failure
      ? {
          failure: {
            checkId: failure.checkId,
            message: failure.message,
            evidence: failure.evidence.map((ref) => ref.seq),
          },
        }
      : {}),
    ...(result.baselineReason !== undefined ? { baselineReason: result.baselineReason } : {}),
    ...(result.notApplicable !== undefined ? { reason: result.notApplicable } : {}),
    ...(result.rawStatus === 'inconclusive'
      ? { reason: result.verdicts[0]?.message ?? 'no check judged it' }
      : {}),
    ...(result.error !== undefined ? { reason: result.error } : {}),
  };
}

/**
 * Grades every capability group for one client's results: `fail` when any cell failed (a known
 * failure too: the baseline explains a failure, it does not make it a pass) or hit a harness error;
 * `n/a` when no cell of the group was judged (every one `n/a` or inconclusive); `pass by re-asking`
 * when every judged cell passed and at least one passed only by re-asking (see `passedByReasking`);
 * else `pass`.
 */
export function gradeGroups(results: readonly CellResult[]): GroupGrade[] {
  return CAPABILITY_GROUPS.map((group) => {
    const cells = results.filter((result) => groupsOf(result.scenarioId).includes(group)).map(gradedCell);
    const failed = cells.filter((cell) => ['fail', 'known-failure', 'error'].includes(cell.status));
    // A stale entry's cell passed: the baseline is out of date, the client is not.
    const passed = cells.filter((cell) => cell.status === 'pass' || cell.status === 'stale');
    const reasked = passed.filter((cell) => cell.reasked);
    const unjudged = cells.length - failed.length - passed.length;
    const counts = `${passed.length} passed, ${failed.length} failed, ${unjudged} n/a or inconclusive`;
    if (failed.length) {
      const first = failed[0]!;
      return {
        group,
        grade: 'fail',
        summary: `${counts}; first: ${first.scenarioId} (${first.era}) ${first.failure?.checkId ?? first.status}`,
        cells,
      };
    }
    if (!passed.length)
      return {
        group,
        grade: 'n/a',
        summary: cells.length ? `${counts}: nothing judged` : 'no cell ran',
        cells,
      };
    if (reasked.length)
      return {
        group,
        grade: 'pass by re-asking',
        summary: `${counts}; ${reasked.length} passed only by listing again before each request, with no change channel open`,
        cells,
      };
    return { group, grade: 'pass', summary: counts, cells };
  });
}
