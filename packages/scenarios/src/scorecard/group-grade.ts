import type { NormativeLevel } from '@toolshift/assertions';
import type { CellResult } from '../runner/cell.js';
import { checkId, type Scenario } from '../scenario.js';
import { CAPABILITY_GROUPS, type CapabilityGroup, groupsOf } from './capability-groups.js';
import { catalogChanged, passedByReasking, relistedAfterChanges } from './re-asking.js';

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

/** How the client gets the tool set it hands the model, for the grade. */
export interface GradeContext {
  /** The driver lists again before each model request (manifest `relists`). */
  reasksBeforeModelRequests: boolean;
  /**
   * The library drops its tool list on a change signal and lists again when the host next asks for
   * tools (manifest `relists: at-next-use-after-change-signal`): it keeps no list that a signal
   * must refresh at once, and what the model is offered is listed after the signal.
   */
  relistsAtNextUse?: boolean;
  /**
   * The library stops at the MCP session and the driver builds what the model is offered and gets
   * back (manifest `modelLayer: driver`): {@link MODEL_LAYER_CHECKS} judge the driver, not the library.
   */
  modelLayerIsDriver?: boolean;
  /** The scenarios by id, to tell which ones make model requests and which invariant a check runs. */
  scenarios: ReadonlyMap<string, GradedScenario>;
}

/**
 * Checks that judge the host code between an MCP session and the model: the tool definitions a
 * provider is sent (its schema rules, names, counts, token costs) and what the model gets back for
 * its calls (routing, error texts, an answer for every call). For a library with a model layer
 * (an agent framework, a tool adapter) that code is the library's; for one that stops at the MCP
 * session (an MCP SDK) it is the driver's, so on the scorecard these checks have nothing of the
 * library's to judge. What the library listed (`model.request-offers`, staleness, principals) stays
 * judged either way.
 */
export const MODEL_LAYER_CHECKS = [
  'model.provider-accepted',
  'model.tool-definition-sound',
  'model.names-valid',
  'model.tool-count-within-limit',
  'model.tool-count-as-reported',
  'model.cost-reported',
  'model.every-call-answered',
  'model.unknown-tool-error-lists-tools',
  'model.calls-routed',
  'model.nothing-silently-dropped',
  'model.requests-built',
];

type GradedScenario = Pick<Scenario, 'clientActions'> & Partial<Pick<Scenario, 'checks'>>;

/** The invariant a check of a scenario runs (a check may carry a label of its own as its id). */
function invariantOf(scenario: GradedScenario | undefined, id: string): string {
  return scenario?.checks?.find((check) => checkId(check) === id)?.invariant ?? id;
}

/**
 * Checks of a host application's own features, which no client library is asked to have, with the
 * feature: a token budget for the tool definitions, shown to the user (`model.cost-reported`); a
 * call API that refuses a tool name the host never listed (`execution.calls-only-listed-tools`),
 * or re-validates a call's arguments against the current contract before it runs
 * (`execution.arguments-fit-current-contract`: DESIGN's proposal layer). A library's call method
 * sends the `tools/call` it is asked to send, and the server validates it (an unknown name or bad
 * arguments get an error); what a library offers the model, and whether that is current, is
 * judged by the registry and model checks (`registry.current-contracts`, `model.request-offers`,
 * `rm-03-unknown-tool-forwarded`). On the scorecard these judge nothing of a library's; the
 * reference host is held to them by `toolshift run`.
 */
export const HOST_APPLICATION_CHECKS: Readonly<Record<string, string>> = {
  'model.cost-reported': 'a token budget shown to its user',
  'execution.calls-only-listed-tools': 'a call API that refuses tools the host never listed',
  'execution.arguments-fit-current-contract':
    'arguments re-validated against the current contract before a call runs',
};

/**
 * Whether a failing check of a scenario judges the model layer: its invariant (a check may carry a
 * label of its own) is one of {@link MODEL_LAYER_CHECKS}, or it is `model.request-offers` in a
 * scenario that names the provider it targets (what a host offers a provider there is its adaptation
 * to that provider's rules: repaired, withheld or cut to the provider's limit).
 */
function judgesModelLayer(scenario: GradedScenario | undefined, id: string): boolean {
  const invariant = invariantOf(scenario, id);
  if (MODEL_LAYER_CHECKS.includes(invariant)) return true;
  return (
    invariant === 'model.request-offers' &&
    (scenario?.clientActions ?? []).some((action) => 'provider' in action && action.provider !== undefined)
  );
}

/** Whose failure a cell's failure is not: the driver's model layer, a host application's feature, or a re-asking host's. */
export type ExcusedBy = 'model layer' | 'host application' | 're-asking' | 're-listing at next use';

/**
 * Checks that judge a client's standing tool list or its reaction to a change signal (re-listing
 * after it, promptly, in the same session; subscribing to it): what a host that asks for the tools
 * before each model request, ignoring (or never receiving) the signal, does not do.
 */
const REASKING_CHECKS = [
  'registry.matches-final-catalog',
  'registry.final-exposure',
  'registry.no-stale-exposure',
  'registry.current-contracts',
  'change.relists-after-signal',
  'change.relist-completes-after-signal',
  'change.relisted-within-bound',
  'legacy.same-session-relist',
  'modern.subscribes-to-tool-changes',
];

/**
 * Whether a scenario check judges what a re-asking host does not do: a {@link REASKING_CHECKS}
 * invariant, or `discovery.list-requests` with `atLeast` — a count of the re-listings a change, an
 * expired TTL or a reconnect calls for (every `atLeast` in the catalog is one; `exactly` and
 * `atMost` judge pagination and loops, which a re-asking host does on every listing).
 */
function judgesReasking(scenario: GradedScenario | undefined, id: string): boolean {
  const invariant = invariantOf(scenario, id);
  if (REASKING_CHECKS.some((prefix) => invariant.startsWith(prefix))) return true;
  const check = scenario?.checks?.find((each) => checkId(each) === id);
  return invariant === 'discovery.list-requests' && check?.params?.atLeast !== undefined;
}

/**
 * How a failing cell is graded when its failures are not the library's to answer for, or
 * `undefined` when they count:
 * - the failing checks the driver's model layer answers for ({@link MODEL_LAYER_CHECKS}, with
 *   `modelLayerIsDriver`) are set aside; when nothing else failed, the cell is `n/a`;
 * - for a re-asking host, when only checks of a standing tool list are left ({@link judgesReasking}):
 *   `n/a` in a scenario without a model request (nothing of this host's to judge), `reasked` in one
 *   with model requests (every model-facing check passed: the model was offered the right tools
 *   because the host asked again) — but only when the wire shows that asking again worked
 *   (`relisted`, see {@link relistedAfterChanges}); a host whose listings after a change failed, or
 *   that sent none, is not credited;
 * - for a library that re-lists at its next use after a change signal (`relistsAtNextUse`), when
 *   only those checks are left: `n/a` (what it used after the signal was judged and passed).
 */
export function reaskingGrade(
  result: CellResult,
  context: GradeContext | undefined,
  relisted: boolean = relistedAfterChanges(result),
  changed: boolean = catalogChanged(result),
): { kind: 'n/a' | 'reasked'; by: ExcusedBy; reason: string } | undefined {
  if (!context || result.rawStatus !== 'fail') return undefined;
  const failing = result.verdicts.filter((verdict) => verdict.status === 'fail').map((v) => v.checkId);
  if (!failing.length) return undefined;
  const scenario = context.scenarios.get(result.scenarioId);
  const hostApplication = failing.filter((id) =>
    Object.hasOwn(HOST_APPLICATION_CHECKS, invariantOf(scenario, id)),
  );
  const features = [
    ...new Set(hostApplication.map((id) => HOST_APPLICATION_CHECKS[invariantOf(scenario, id)])),
  ];
  const driverLayer = context.modelLayerIsDriver
    ? failing.filter((id) => !hostApplication.includes(id) && judgesModelLayer(scenario, id))
    : [];
  const left = failing.filter((id) => !hostApplication.includes(id) && !driverLayer.includes(id));
  const setAsideParts = [
    ...(driverLayer.length
      ? [`${driverLayer.join(', ')} judge the driver's model layer, not the library`]
      : []),
    ...(hostApplication.length
      ? [
          `${hostApplication.join(', ')} judge a host application's feature (${features.join('; ')}), not a library's`,
        ]
      : []),
  ];
  if (left.length === 0)
    return {
      kind: 'n/a',
      by: driverLayer.length ? 'model layer' : 'host application',
      reason: driverLayer.length
        ? `the library stops at the MCP session, so what the model is offered and gets back is the driver's code, not the library's: ${setAsideParts.join('; ')}`
        : `nothing of the library's failed: ${setAsideParts.join('; ')}`,
    };
  const reasks = context.reasksBeforeModelRequests || context.relistsAtNextUse === true;
  if (!reasks || !left.every((id) => judgesReasking(scenario, id))) return undefined;
  const checks = left.join(', ');
  const setAside = setAsideParts.map((part) => `; ${part}`).join('');
  const actions = scenario?.clientActions ?? [];
  const asksModel = actions.some((action) => action.do === 'model-request' || action.do === 'model-call');
  const usesTools = asksModel || actions.some((action) => action.do === 'call');
  // Re-listing at next use excuses a list not kept current after a change; with no change there
  // was nothing to re-list for, and the failure is the library's to answer for.
  if (!context.reasksBeforeModelRequests && !changed) return undefined;
  if (!context.reasksBeforeModelRequests)
    return {
      kind: 'n/a',
      by: 're-listing at next use',
      reason: `the library drops its tool list on the change signal and lists again when the host next asks for tools, by design: ${checks} judge a list kept up to date at once, which it does not keep; ${usesTools ? 'every check of what it used after the signal passed' : 'this scenario makes no use of the tools after the signal'}${setAside}`,
    };
  // Credited to re-asking only when the host's re-asking worked: a listing after every change.
  if (asksModel && !relisted) return undefined;
  if (asksModel)
    return {
      kind: 'reasked',
      by: 're-asking',
      reason: `every model-facing check ${driverLayer.length ? 'the library answers for ' : ''}passed because the host listed again before the model request; it ignored the change signal (${checks})${setAside}`,
    };
  return {
    kind: 'n/a',
    by: 're-asking',
    reason: `the host lists the tools again before each model request and keeps no tool list in between; this scenario makes no model request, so ${checks} have nothing of this host's to judge${setAside}`,
  };
}

/** Why a failing cell does not count against the library (see {@link reaskingGrade}), or `undefined` when it counts. */
export function reaskingExcuse(result: CellResult, context: GradeContext | undefined): string | undefined {
  return reaskingGrade(result, context)?.reason;
}

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

function gradedCell(result: CellResult, context: GradeContext | undefined): GradedCell {
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
