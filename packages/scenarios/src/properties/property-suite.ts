import type { Invariant } from '@toolshift/assertions';
import type fc from 'fast-check';
import type { TrialRun } from '../replay/run-trial.js';
import type { Trial } from '../replay/trial.js';

/**
 * A product property: a generator of trials (catalogs, principals, timelines), the invariants every
 * run must keep, and an optional model check (what the client must end up exposing, computed from
 * the generated input, not from the run). Run against any client adapter by {@link checkProperty}
 * or a vitest `test.prop`.
 */
export interface PropertySuite<Input = unknown> {
  /** Stable id, kebab-case (`list-changed-race`); names replay files and reports. */
  id: string;
  /** One sentence: what must hold under every interleaving. */
  title: string;
  /** Generated inputs. */
  input(): fc.Arbitrary<Input>;
  /** The trial an input describes. */
  trial(input: Input): Trial;
  /** Invariants checked over every run (ids from `INVARIANTS`, or values). */
  invariants: ReadonlyArray<string | Invariant>;
  /**
   * The model check: given the input and the run, a one-line reason the client's final state
   * disagrees with the model, or undefined when it agrees.
   */
  model?(input: Input, run: TrialRun): string | undefined;
  /** The reference client configuration this property is meant for (adapter name; default `reference`). */
  referenceClient?: string;
  /** Delivery budget per run (default: the runner's); a trial that exceeds it fails. */
  maxTasks?: number;
}

/** Why one run of a property failed: the failing verdicts and the model's disagreement. */
export function failuresOf<Input>(suite: PropertySuite<Input>, input: Input, run: TrialRun): string[] {
  const failures = run.verdicts
    .filter((verdict) => verdict.status === 'fail')
    .map(
      (verdict) =>
        `${verdict.invariantId}: ${verdict.message}${verdict.nearMiss ? ` (near miss: ${verdict.nearMiss})` : ''} [${verdict.evidence
          .map((e) => `#${e.seq}`)
          .join(' ')}]`,
    );
  if (run.exhausted) failures.push('runner: the client never went quiet (task budget exhausted)');
  const disagreement = suite.model?.(input, run);
  if (disagreement) failures.push(`model: ${disagreement}`);
  return failures;
}
