import type { ScriptAction } from '../script/actions/index.js';
import type { ScriptStep } from '../script/script-document.js';
import type { Era, TranscriptFrame } from '../transcript/transcript-frame.js';
import type { FrameFilter } from './frame-filter.js';

/** Which frames a transcript read returns. */
export interface TranscriptQuery {
  /** Only frames with `seq` greater than this (default 0: from the first). */
  afterSeq?: number;
  /** At most this many frames (default: all). */
  limit?: number;
  /** Only frames matching this filter. */
  filter?: FrameFilter;
}

/** One read of the transcript. */
export interface TranscriptPage {
  frames: TranscriptFrame[];
  /** The `seq` of the last frame recorded so far (pass it as `afterSeq` to read on). */
  lastSeq: number;
}

/** Options for {@link AdminApi.waitFor}. */
export interface AdminWaitOptions {
  /** Give up after this many ms of wall time (default 5000, at most 60000). */
  timeoutMs?: number;
  /** Only frames with `seq` greater than this count (default 0: past frames too). */
  afterSeq?: number;
}

/** A summary of the server's state. */
export interface AdminStatus {
  catalogRevision: number;
  /** Logical clock, ms. */
  nowMs: number;
  lastSeq: number;
  openStreams: number;
  eras: Era[];
  toolCount: number;
}

/**
 * The control and observation surface of a fake server, one interface with two implementations:
 * in-process ({@link createLocalAdmin}) and remote over the admin HTTP API
 * ({@link createAdminHttpClient}), so a test drives a server the same way wherever it runs.
 * Errors keep their codes across the wire (check them with `isToolshiftError`).
 */
export interface AdminApi {
  status(): Promise<AdminStatus>;
  /**
   * Applies a step now: a script step id, a step object, or a bare action.
   * @returns the `step` frame recorded for it.
   * @throws {ToolshiftError} ADMIN_STEP_REJECTED when the step is not a valid step or action
   *   (`data`: `{ reason, pointer, rule }`).
   * @throws {ToolshiftError} SCRIPT_UNKNOWN_STEP when a step id is not in the script.
   * @throws {ToolshiftError} STEP_FAILED when the action cannot run against the world (nothing changed).
   */
  applyStep(step: string | ScriptStep | ScriptAction): Promise<TranscriptFrame>;
  /** Reads transcript frames. */
  transcript(query?: TranscriptQuery): Promise<TranscriptPage>;
  /** Reads transcript frames as JSON Lines (wall-clock times omitted, so runs compare byte for byte). */
  transcriptJsonl(query?: TranscriptQuery): Promise<string>;
  /**
   * Resolves with the first frame (past or future) matching `filter`.
   * @throws {ToolshiftError} WAIT_TIMED_OUT when none matched within `timeoutMs`.
   */
  waitFor(filter: FrameFilter, options?: AdminWaitOptions): Promise<TranscriptFrame>;
  /**
   * Advances the logical clock by `ms` (≥ 0), firing `atTick` steps that became due.
   * @returns the new logical time, ms.
   * @throws {ToolshiftError} ADMIN_REQUEST_INVALID when `ms` is negative or not a finite number.
   */
  advanceClock(ms: number): Promise<number>;
  /** Ends every stream and session, restores the initial catalog, clears the transcript and clock. */
  reset(): Promise<void>;
}
