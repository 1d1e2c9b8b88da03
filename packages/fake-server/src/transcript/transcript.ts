import type { FrameDraft, TranscriptFrame } from './transcript-frame.js';

/** Listener for newly recorded frames. */
export type FrameListener = (frame: TranscriptFrame) => void;

/**
 * The server's record of every frame in and out. Implementations: {@link InMemoryTranscript}
 * (keeps frames) and {@link DisabledTranscript} (numbers and announces frames, keeps none).
 */
export interface Transcript {
  /** Every kept frame, in `seq` order. Empty for a disabled transcript. */
  readonly frames: readonly TranscriptFrame[];
  /** The `seq` of the last recorded frame (0 before any). */
  readonly lastSeq: number;
  /** Stamps and records one frame; returns it. */
  record(draft: FrameDraft): TranscriptFrame;
  /** Subscribes to new frames; returns an unsubscribe function. */
  subscribe(listener: FrameListener): () => void;
  /** Drops every kept frame and restarts numbering at 1. */
  clear(): void;
}
