import type { NormativeLevel } from '@toolshift/assertions';
import type { CellResult } from '../runner/cell.js';
import type { GradeContext } from './grade-context.js';
import { catalogChanged, passedByReasking, relistedAfterChanges } from './re-asking.js';
import { type ExcusedBy, reaskingGrade } from './reasking-grade.js';

/**
 * A scorecard cell: how one client did on one capability group. `fail`: a root cause the library
 * is charged with (it breaks a MUST or SHOULD of the specification, or the library's documented
 * promise) failed a cell. `unconfirmed`: cells failed a `must`/`should` check, but no entry of the
 * library's baseline explains them yet: a lead to check in the transcript, not yet a bug of the
 * library. Failures that break no clause (advice) never make a group fail: they are its risks.
 * `not supported`: the library cannot connect to a server of the group's protocol revision and
 * does not claim it can (the modern protocol group, measured against a 2026-07-28-only server).
 */
export type Grade = 'pass' | 'pass by re-asking' | 'fail' | 'unconfirmed' | 'not supported' | 'n/a';

/** One cell of the run behind a grade, as the scorecard JSON keeps it. */
export interface GradedCell {
  scenarioId: string;
  era: string;
  transport: string;
  /** The run's status (`known-failure`: failed as the library's baseline expects). */
  status: CellResult['status'];
  /** Passed, and the wire shows it passed only by listing again before each request. */
  reasked?: boolean;
  /** Every failing check of the cell (the grade of a re-asking host depends on all of them). */
  failingChecks?: string[];
  /** The normative level of each failing check, in the order of `failingChecks`. */
  failingLevels?: NormativeLevel[];
  /** The baseline root cause that explains the failure (its id), when an entry covers the cell. */
  rootCause?: string;
  /** The level of that root cause: `advice` makes the cell a risk of the group, not a failure. */
  level?: NormativeLevel;
  /** The failure breaks no clause (an advice root cause, or unexplained with advice checks only): a risk, not a bug. */
  risk?: true;
  /** The first failing check, its message and evidence frames (`#seq`). */
  failure?: { checkId: string; message: string; evidence: number[] };
  /** The baseline's reason, when an entry covers the cell. */
  baselineReason?: string;
  /** Why the cell is `n/a` or inconclusive. */
  reason?: string;
  /**
   * Set when a failure does not count against the library: only checks of the driver's model layer
   * failed (`modelLayer: driver`), or the host asks for the tools before each model request, keeps
   * no tool list between requests, and only registry checks of a scenario without a model request
   * failed (they judge a standing tool list this host does not keep). See {@link reaskingGrade}.
   */
  notApplicable?: string;
  /** Whose failure it is not (the driver's model layer, a host application's, a re-asking host's), with `notApplicable`. */
  notApplicableBy?: ExcusedBy;
  /** Set when only signal-reaction checks failed in a model-request scenario of a re-asking host: graded as passed by re-asking. */
  reaskedDespite?: string;
  /**
   * `false` when the wire shows no successful `tools/list` after a catalog change the client had to
   * follow (its re-listings failed, or it sent none): such a cell is never credited to re-asking.
   * See {@link relistedAfterChanges}; absent when it did, or when the cell did not fail.
   */
  relistedAfterChanges?: false;
  /** `true` when the catalog never changed after the client's first listing (no change to re-list for). */
  unchanged?: true;
}

/** One result as a scorecard cell: its status, failing checks and their levels, and any excuse ({@link reaskingGrade}). */
export function gradedCell(result: CellResult, context: GradeContext | undefined): GradedCell {
  const failure = result.firstFailure;
  // Read from the transcripts once: the grade and the stored flag (for --rerender) both use it.
  const relisted = result.rawStatus !== 'fail' || relistedAfterChanges(result);
  const changed = result.rawStatus !== 'fail' || catalogChanged(result);
  const excuse = reaskingGrade(result, context, relisted, changed);
  return {
    ...(excuse?.kind === 'n/a' ? { notApplicable: excuse.reason, notApplicableBy: excuse.by } : {}),
    ...(excuse?.kind === 'reasked' ? { reaskedDespite: excuse.reason } : {}),
    scenarioId: result.scenarioId,
    era: result.era,
    transport: result.transport,
    status: result.status,
    ...(result.rawStatus === 'pass' && passedByReasking(result) ? { reasked: true } : {}),
    ...(result.rawStatus === 'fail'
      ? {
          failingChecks: result.verdicts.filter((v) => v.status === 'fail').map((v) => v.checkId),
          failingLevels: result.verdicts
            .filter((v) => v.status === 'fail')
            .map((v): NormativeLevel => v.level ?? 'advice'),
        }
      : {}),
    ...(!relisted ? { relistedAfterChanges: false as const } : {}),
    ...(!changed ? { unchanged: true as const } : {}),
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
 * A stored cell graded again with the current rule: its re-asking excuse recomputed from its
 * failing checks (for `toolshift scorecard --rerender`).
 */
export function regradeCell(cell: GradedCell, context: GradeContext): GradedCell {
  const { notApplicable: _n, notApplicableBy: _b, reaskedDespite: _r, ...rest } = cell;
  if (!cell.failingChecks || (cell.status !== 'fail' && cell.status !== 'known-failure')) return cell;
  const excuse = reaskingGrade(
    {
      scenarioId: cell.scenarioId,
      rawStatus: 'fail',
      verdicts: cell.failingChecks.map((checkId) => ({ checkId, status: 'fail' })),
    } as unknown as CellResult,
    context,
    cell.relistedAfterChanges !== false,
    cell.unchanged !== true,
  );
  return {
    ...rest,
    ...(excuse?.kind === 'n/a' ? { notApplicable: excuse.reason, notApplicableBy: excuse.by } : {}),
    ...(excuse?.kind === 'reasked' ? { reaskedDespite: excuse.reason } : {}),
  };
}
