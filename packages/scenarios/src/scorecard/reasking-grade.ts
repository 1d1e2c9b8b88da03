import type { CellResult } from '../runner/cell.js';
import { HOST_APPLICATION_CHECKS, invariantOf, judgesModelLayer, judgesReasking } from './excused-checks.js';
import type { GradeContext } from './grade-context.js';
import { catalogChanged, relistedAfterChanges } from './re-asking.js';

/** Whose failure a cell's failure is not: the driver's model layer, a host application's feature, or a re-asking host's. */
export type ExcusedBy = 'model layer' | 'host application' | 're-asking' | 're-listing at next use';

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
