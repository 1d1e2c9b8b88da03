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

  /**
   * A stamped copy of `draft`: its fields in order, then `seq`, `tick`, `catalogRevision` (unless
   * the draft set it) and `wallTimeMs`, as `{ ...draft, seq, … }` would give. Written as a copy
   * followed by assignments because V8 (Node 20) takes a slow path, some microseconds a frame, for an
   * object literal that spreads an object and then adds fields it lacks; a copy is ~0.2 µs.
   */
  stamp(draft: FrameDraft): TranscriptFrame {
    this.seq += 1;
    const frame = Object.assign({}, draft) as TranscriptFrame;
    frame.seq = this.seq;
    frame.tick = this.source.nowTick();
    frame.catalogRevision = draft.catalogRevision ?? this.source.catalogRevision();
    frame.wallTimeMs = Date.now();
    return frame;
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
