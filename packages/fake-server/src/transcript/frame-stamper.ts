import type { FrameListener } from './transcript.js';
import type { FrameDraft, TranscriptFrame } from './transcript-frame.js';

/** Where a recorder reads the logical clock and the current catalog revision. */
export interface StampSource {
  /** Logical clock, ms. */
  nowTick(): number;
  catalogRevision(): number;
}

/** Shared numbering and fan-out for both transcript implementations. */
export class FrameStamper {
  private seq = 0;
  private readonly listeners = new Set<FrameListener>();

  constructor(private readonly source: StampSource) {}

  get lastSeq(): number {
    return this.seq;
  }

  stamp(draft: FrameDraft): TranscriptFrame {
    this.seq += 1;
    return {
      ...draft,
      seq: this.seq,
      tick: this.source.nowTick(),
      catalogRevision: draft.catalogRevision ?? this.source.catalogRevision(),
      wallTimeMs: Date.now(),
    };
  }

  announce(frame: TranscriptFrame): void {
    for (const listener of this.listeners) listener(frame);
  }

  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  reset(): void {
    this.seq = 0;
  }
}
