/** A pointer to one transcript frame used as evidence, with what it shows. */
export interface FrameRef {
  /** The frame's `seq` in the transcript. */
  seq: number;
  /** What this frame proves, in one phrase. */
  note: string;
}

/** The outcome of one invariant over one run: `inconclusive` when the run lacks what the check needs. */
export type VerdictStatus = 'pass' | 'fail' | 'inconclusive';

/**
 * Why an inconclusive verdict could not judge its property — every invariant decides this for each
 * of its inconclusive reasons, and says which in the code comment beside it:
 * - `staging` (the default; the field is then absent): the run never reached the situation, e.g. no
 *   step changed the catalog, the scenario made no call, a wait timed out. It says nothing about the
 *   client.
 * - `client`: the client's own behaviour kept the situation from arising, and that behaviour is what
 *   the property is about: it never opened the change channel a notification travels on, never
 *   listed, its tool set failed to build. On a check its scenario names essential, the runner counts
 *   it as a failure with this verdict's message and evidence (`runner/essential-checks.ts`).
 * - `not-applicable`: the property does not apply to this run as the client rightly ran it, e.g. a
 *   2026-07-28 check where the client negotiated 2025-11-25 on an endpoint serving both. An essential
 *   check that does not apply neither blocks a pass nor fails the cell (as `n/a`).
 */
export type InconclusiveCause = 'staging' | 'client' | 'not-applicable';

/**
 * An invariant's verdict with evidence: the frames that break it (or, for a pass, the frames that
 * satisfy it) and, for a failure, a one-line near-miss explanation.
 */
export interface Verdict {
  invariantId: string;
  status: VerdictStatus;
  /** One sentence: what held, or what broke. */
  message: string;
  evidence: FrameRef[];
  /** For failures: how close the run came, e.g. "re-listed, but from the cursor of the old listing". */
  nearMiss?: string;
  /** For inconclusive verdicts: `client` (the client's own doing) or `not-applicable` (see {@link InconclusiveCause}); absent: staging. */
  cause?: InconclusiveCause;
  /**
   * For a failure that rests on none of the clauses its check cites (e.g. a limit on retries where
   * the clause only says what to do after the first): the basis of this verdict as advice. Reports
   * then show it as a risk at `advice`, whatever the check's level.
   */
  advisory?: string;
}

/** Builds a passing verdict. */
export function pass(invariantId: string, message: string, evidence: FrameRef[] = []): Verdict {
  return { invariantId, status: 'pass', message, evidence };
}

/** Builds a failing verdict. */
export function fail(invariantId: string, message: string, evidence: FrameRef[], nearMiss?: string): Verdict {
  return { invariantId, status: 'fail', message, evidence, ...(nearMiss ? { nearMiss } : {}) };
}

/** Options of {@link inconclusive}. */
export interface InconclusiveOptions {
  /** `client` when the client's own behaviour left the property unjudged, `not-applicable` when it does not apply (default `staging`). */
  cause?: InconclusiveCause;
}

/**
 * Builds an inconclusive verdict: the run never reached the situation the invariant is about
 * (`staging`, the default), or the client's own behaviour kept it from arising (`{ cause: 'client' }`,
 * which fails a cell where the check is essential). `message` says which, in one sentence.
 */
export function inconclusive(
  invariantId: string,
  message: string,
  evidence: FrameRef[] = [],
  options: InconclusiveOptions = {},
): Verdict {
  return {
    invariantId,
    status: 'inconclusive',
    message,
    evidence,
    ...(options.cause !== undefined && options.cause !== 'staging' ? { cause: options.cause } : {}),
  };
}

/** Shorthand for `inconclusive(id, message, evidence, { cause: 'client' })`: the client's own doing. */
export function clientLeftUnjudged(invariantId: string, message: string, evidence: FrameRef[] = []): Verdict {
  return inconclusive(invariantId, message, evidence, { cause: 'client' });
}
