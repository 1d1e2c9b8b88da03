import type { NormativeLevel } from '@toolshift/assertions';
import type { RootCause } from '../baseline/root-cause.js';

/** A failing cell the scorecard reports: explained by a baseline entry and its root cause, or not. */
export interface Finding {
  client: string;
  scenarioId: string;
  era: string;
  checkId: string;
  /** The baseline entry's reason, or the check's message for a failure no entry explains. */
  reason: string;
  /** The baseline entry's evidence (issue links, source lines); empty for an unexplained failure. */
  evidence: string[];
  /** False: no baseline entry covers it (a new bug to check, or a harness bug). */
  explained: boolean;
  /** The root cause that explains it (an id of the row's `rootCauses`). */
  rootCause?: string;
  /**
   * How binding the claim is: the root cause's level, or for an unexplained failure the strongest
   * level of its failing checks.
   */
  level: NormativeLevel;
  /** `must`/`should`/`library-doc`: a bug of the library; `advice`: a risk, never counted as a bug. */
  charged: boolean;
}

/** A root cause of a scorecard row, with every cell it explains. */
export interface RootCauseReport extends RootCause {
  /** A bug of the library (`must`/`should`/`library-doc`), not a risk. */
  charged: boolean;
  /**
   * Every cell it explains; `risk`: the cell fails only as a consequence (the check its entry names
   * is not one that shows the cause's clause broken there), so it is not charged.
   */
  cells: Array<{ scenarioId: string; era: string; checkId: string; risk?: true }>;
}
