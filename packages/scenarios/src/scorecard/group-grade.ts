import type { CellResult } from '../runner/cell.js';
import type { Scenario } from '../scenario.js';
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
  /**
   * Set when a failure does not count against the client: it asks for the tools before each model
   * request and keeps no tool list between requests, and only registry checks of a scenario without
   * a model request failed (they judge a standing tool list this host does not keep).
   */
  notApplicable?: string;
  /** Set when only signal-reaction checks failed in a model-request scenario of a re-asking host: graded as passed by re-asking. */
  reaskedDespite?: string;
}

/** How the client gets the tool set it hands the model, for the grade. */
export interface GradeContext {
  /** The driver lists again before each model request (manifest `relists`). */
  reasksBeforeModelRequests: boolean;
  /** The scenarios by id, to tell which ones make model requests. */
  scenarios: ReadonlyMap<string, Pick<Scenario, 'clientActions'>>;
}

/**
 * Checks that judge a client's standing tool list or how fast it reacts to a change signal: what a
 * host that asks for the tools before each model request, ignoring the signal, does not keep.
 */
const REASKING_CHECKS = ['registry.', 'change.relisted-within-bound', 'change.relist-completes-after-signal'];

/**
 * How a failing cell of a re-asking host is graded when only {@link REASKING_CHECKS} failed: `n/a`
 * in a scenario without a model request (nothing of this host's to judge), `reasked` in one with
 * model requests (every model-facing check passed: the model was offered the right tools because
 * the host asked again). `undefined` when the failure counts.
 */
export function reaskingGrade(
  result: CellResult,
  context: GradeContext | undefined,
): { kind: 'n/a' | 'reasked'; reason: string } | undefined {
  if (!context?.reasksBeforeModelRequests || result.rawStatus !== 'fail') return undefined;
  const failing = result.verdicts.filter((verdict) => verdict.status === 'fail');
  if (
    !failing.length ||
    !failing.every((verdict) => REASKING_CHECKS.some((prefix) => verdict.checkId.startsWith(prefix)))
  )
    return undefined;
  const checks = failing.map((verdict) => verdict.checkId).join(', ');
  const actions = context.scenarios.get(result.scenarioId)?.clientActions ?? [];
  if (actions.some((action) => action.do === 'model-request' || action.do === 'model-call'))
    return {
      kind: 'reasked',
      reason: `every model-facing check passed because the host listed again before the model request; it ignored the change signal (${checks})`,
    };
  return {
    kind: 'n/a',
    reason: `the host lists the tools again before each model request and keeps no tool list in between; this scenario makes no model request, so ${checks} have nothing of this host's to judge`,
  };
}

/** Why a failing cell does not count against a re-asking host, or `undefined` when it counts. */
export function reaskingExcuse(result: CellResult, context: GradeContext | undefined): string | undefined {
  return reaskingGrade(result, context)?.reason;
}

/** The grade of one group for one client, with the cells that decided it. */
export interface GroupGrade {
  group: CapabilityGroup;
  grade: Grade;
  /** One line: counts and, for a failure, the first failing scenario and check. */
  summary: string;
  cells: GradedCell[];
}

function gradedCell(result: CellResult, context: GradeContext | undefined): GradedCell {
  const failure = result.firstFailure;
  const excuse = reaskingGrade(result, context);
  return {
    ...(excuse?.kind === 'n/a' ? { notApplicable: excuse.reason } : {}),
    ...(excuse?.kind === 'reasked' ? { reaskedDespite: excuse.reason } : {}),
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
 * failure too: the baseline explains a failure, it does not make it a pass) or hit a harness error,
 * except a re-asking host's registry-only failure in a scenario without a model request
 * (`reaskingExcuse`: counted as `n/a`, with the reason);
 * `n/a` when no cell of the group was judged (every one `n/a` or inconclusive); `pass by re-asking`
 * when every judged cell passed and at least one passed only by re-asking (see `passedByReasking`);
 * else `pass`.
 */
export function gradeGroups(results: readonly CellResult[], context?: GradeContext): GroupGrade[] {
  return CAPABILITY_GROUPS.map((group) => {
    const cells = results
      .filter((result) => groupsOf(result.scenarioId).includes(group))
      .map((result) => gradedCell(result, context));
    const excused = (cell: GradedCell) =>
      cell.notApplicable !== undefined || cell.reaskedDespite !== undefined;
    const failed = cells.filter(
      (cell) => ['fail', 'known-failure', 'error'].includes(cell.status) && !excused(cell),
    );
    // A stale entry's cell passed: the baseline is out of date, the client is not.
    const passed = cells.filter(
      (cell) => cell.status === 'pass' || cell.status === 'stale' || cell.reaskedDespite !== undefined,
    );
    const reasked = passed.filter((cell) => cell.reasked || cell.reaskedDespite !== undefined);
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
