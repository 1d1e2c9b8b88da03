import type { RunRecord } from './run-record.js';
import type { Verdict } from './verdict.js';

/**
 * A named property every correct discovery client keeps. `check` is pure: it reads the run record
 * and returns a verdict with evidence; it never throws for a violated property.
 */
export interface Invariant {
  /** Stable id, `<area>.<kebab-name>`, e.g. `change.relists-after-signal`. */
  id: string;
  /** One sentence stating the property. */
  title: string;
  /** Where the property comes from: a spec section, a seed document, or a case id in shared/cases. */
  source: string;
  check(run: RunRecord): Verdict;
}
