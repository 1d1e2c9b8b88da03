import type { Observation, Verdict } from '@toolshift/assertions';
import type { Era, TranscriptFrame } from '@toolshift/fake-server';

/** One cell of a run: a scenario in one era, through one transport, against one client. */
export interface Cell {
  scenarioId: string;
  era: Era;
  transport: 'http';
  client: string;
}

/**
 * How a cell ended, after comparing with the expected-failures baseline:
 * `pass`; `fail` (unexpected); `known-failure` (failed as the baseline expects);
 * `stale` (the baseline expects a failure but the cell passed); `error` (the harness itself failed).
 */
export type CellStatus = 'pass' | 'fail' | 'known-failure' | 'stale' | 'error';

/** Everything a cell produced: verdicts with evidence, the transcript and the client's observations. */
export interface CellResult extends Cell {
  status: CellStatus;
  /** The status before the baseline was applied. */
  rawStatus: 'pass' | 'fail' | 'error';
  verdicts: Verdict[];
  /** The first failing verdict (what the table shows). */
  firstFailure?: Verdict;
  /** The baseline entry's reason for a known failure or stale entry. */
  baselineReason?: string;
  transcript: readonly TranscriptFrame[];
  observations: readonly Observation[];
  /** Wall time the cell took, ms (for the report; never asserted). */
  durationMs: number;
}

/** `scenario/era/client` — the cell's display key. */
export function cellKey(cell: Cell): string {
  return `${cell.scenarioId}/${cell.era}/${cell.client}`;
}
