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
}

/** Builds a passing verdict. */
export function pass(invariantId: string, message: string, evidence: FrameRef[] = []): Verdict {
  return { invariantId, status: 'pass', message, evidence };
}

/** Builds a failing verdict. */
export function fail(invariantId: string, message: string, evidence: FrameRef[], nearMiss?: string): Verdict {
  return { invariantId, status: 'fail', message, evidence, ...(nearMiss ? { nearMiss } : {}) };
}

/** Builds an inconclusive verdict (the run never reached the situation the invariant is about). */
export function inconclusive(invariantId: string, message: string, evidence: FrameRef[] = []): Verdict {
  return { invariantId, status: 'inconclusive', message, evidence };
}
