/**
 * How binding a check is, which decides what a failure of it claims about someone else's code:
 * - `must` / `should`: the failure breaks a MUST (MUST NOT, required) or a SHOULD (SHOULD NOT,
 *   RECOMMENDED) of the MCP specification, quoted with its revision and section;
 * - `library-doc`: it breaks the library's own documented promise, quoted with the doc's location
 *   (only a scorecard root cause can say this: an invariant knows no library);
 * - `advice`: robustness, host policy, a model provider's rule or toolshift's host guidance (the
 *   seed documents): good practice, but no clause of the protocol breaks. `toolshift run` still holds
 *   hosts and the reference client to it; the scorecard shows it as a risk, never as a bug.
 */
export type NormativeLevel = 'must' | 'should' | 'library-doc' | 'advice';

/** Every {@link NormativeLevel}, strongest first. */
export const NORMATIVE_LEVELS: readonly NormativeLevel[] = ['must', 'should', 'library-doc', 'advice'];

/** The levels a library can be charged with: a failure at one of them is a bug, anything else a risk. */
export const CHARGED_LEVELS: readonly NormativeLevel[] = ['must', 'should', 'library-doc'];

/** Whether a failure at `level` is charged to the code under test as a bug (not shown as a risk). */
export function isCharged(level: NormativeLevel): boolean {
  return CHARGED_LEVELS.includes(level);
}
