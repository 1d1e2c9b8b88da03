import {
  type ExposedTool,
  enumerations,
  enumerationTools,
  INVARIANTS,
  listExchanges,
  type RunRecord,
} from '@toolshift/assertions';
import { checkId, type Scenario } from '../scenario.js';
import type { CheckVerdict } from './cell.js';

/** The checks a wire-only client's last complete listing can stand in for: what it ends up holding. */
const HELD_CATALOG_CHECKS = new Set([
  'registry.final-exposure',
  'registry.matches-final-catalog',
  'registry.current-contracts',
]);

/**
 * The essential checks a client judged on the wire only (a `--command` program) left `n/a`, judged
 * where the wire can judge them, so that its cell does not pass on the other checks alone (issue
 * 26: a program that sent nothing passed on a check nothing could break):
 * - a client that never sent `tools/list` fails each of them: it cannot hold what they judge, by
 *   its own doing;
 * - the checks of what the client ends up holding (`registry.final-exposure`,
 *   `registry.matches-final-catalog`, `registry.current-contracts`) are judged by their own
 *   invariant with the client's last complete listing on the wire standing for what it holds (the
 *   most a client can hold is what it fetched; one with no complete listing is judged as a client
 *   that reported no tool set), their message saying so;
 * - any other (a call toolshift cannot ask such a program to make, a report only the client can
 *   give) stays `n/a`, as the console and reports say ("judged on the wire").
 * Verdicts must be marked (`markEssential`); the rest are kept as they are. A cell whose every
 * check is `n/a` is left to the caller (nothing was judged: the cell is `n/a`).
 */
export function judgeWireOnlyEssentials(
  verdicts: readonly CheckVerdict[],
  scenario: Scenario,
  records: ReadonlyMap<string, RunRecord>,
): CheckVerdict[] {
  if (verdicts.every((verdict) => verdict.status === 'n/a')) return [...verdicts];
  const listed = [...records.values()].some((record) => listExchanges(record.transcript).length > 0);
  return verdicts.map((verdict) => {
    if (verdict.essential !== true || verdict.status !== 'n/a') return verdict;
    if (!listed)
      return {
        ...verdict,
        status: 'fail',
        cause: 'client',
        message: `The client never listed tools (no tools/list request on the wire), so it cannot hold what this essential check judges. ${verdict.message}`,
      };
    return HELD_CATALOG_CHECKS.has(verdict.invariantId)
      ? judgedOnListing(verdict, scenario, records)
      : verdict;
  });
}

/** `verdict`'s check judged with each record's last complete listing as the client's exposure. */
function judgedOnListing(
  verdict: CheckVerdict,
  scenario: Scenario,
  records: ReadonlyMap<string, RunRecord>,
): CheckVerdict {
  const check = scenario.checks.find((each) => checkId(each) === verdict.checkId)!;
  const invariant = INVARIANTS[check.invariant]!;
  const judged = [...records.values()]
    .filter((record) => check.server === undefined || record.serverId === check.server)
    .map((record) => invariant.check(withListingAsExposure(record), check.params));
  const outcome =
    judged.find((each) => each.status === 'fail') ??
    judged.find((each) => each.status !== 'pass') ??
    judged[0]!;
  const clientCaused = outcome.status === 'inconclusive' && outcome.cause === 'client';
  return {
    ...verdict,
    ...outcome,
    checkId: verdict.checkId,
    essential: true,
    ...(clientCaused ? { status: 'fail' as const } : {}),
    message: `Judged on the wire, the client's last complete tools/list standing for what it holds: ${outcome.message}`,
  };
}

/** `record` with one exposure: the tools of its last complete enumeration on the wire, if any. */
function withListingAsExposure(record: RunRecord): RunRecord {
  const last = enumerations(listExchanges(record.transcript))
    .filter((enumeration) => enumeration.complete)
    .at(-1);
  if (!last) return { ...record, observations: [] };
  const tools: ExposedTool[] = enumerationTools(last).map((tool) => ({ ...tool, serverId: record.serverId }));
  return { ...record, observations: [{ kind: 'exposure', afterSeq: last.completedAtSeq!, tools }] };
}
