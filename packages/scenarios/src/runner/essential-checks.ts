import type { CheckVerdict } from './cell.js';

/**
 * Marks the scenario's checks among a cell's verdicts as essential or not (`essential: true` /
 * `false`) and turns each essential check the client's own behaviour left unjudged
 * (`status: 'inconclusive'`, `cause: 'client'`: it never opened the change channel, never listed,
 * its tool set failed to build) into a failure with the same evidence, its message saying so (it
 * keeps `cause: 'client'`, so reports can tell it from a property that broke). Every other verdict is kept
 * as it is: a staging inconclusive stays inconclusive, and a non-essential check left unjudged by
 * the client decides nothing. Runner checks (`runner.*`) are never essential: they fail a cell by
 * failing. Pure: the verdicts given are not changed.
 *
 * @param verdicts the cell's verdicts (runner checks and scenario checks, in order).
 * @param essential the scenario's essential check ids (`essentialCheckIds(scenario)`).
 */
export function markEssential(
  verdicts: readonly CheckVerdict[],
  essential: ReadonlySet<string>,
): CheckVerdict[] {
  return verdicts.map((verdict) => {
    if (verdict.checkId.startsWith('runner.')) return verdict;
    if (!essential.has(verdict.checkId)) return { ...verdict, essential: false };
    if (verdict.status === 'inconclusive' && verdict.cause === 'client')
      return {
        ...verdict,
        essential: true,
        status: 'fail',
        message: `The client left this essential check unjudged by its own doing: ${verdict.message}`,
      };
    return { ...verdict, essential: true };
  });
}

/**
 * The verdict that explains an inconclusive cell: its first essential check that was inconclusive
 * and applies, else its first inconclusive check that applies, else its first inconclusive one.
 */
export function firstInconclusive(verdicts: readonly CheckVerdict[]): CheckVerdict | undefined {
  const inconclusive = verdicts.filter((verdict) => verdict.status === 'inconclusive');
  const applies = inconclusive.filter((verdict) => verdict.cause !== 'not-applicable');
  return applies.find((verdict) => verdict.essential === true) ?? applies[0] ?? inconclusive[0];
}
