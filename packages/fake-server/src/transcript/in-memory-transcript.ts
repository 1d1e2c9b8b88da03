import { FrameStamper, type StampSource } from './frame-stamper.js';
import type { FrameListener, Transcript } from './transcript.js';
import type { FrameDraft, TranscriptFrame } from './transcript-frame.js';

/** A {@link Transcript} that keeps every frame in memory. */
export class InMemoryTranscript implements Transcript {
  private readonly kept: TranscriptFrame[] = [];
  private readonly stamper: FrameStamper;

  constructor(source: StampSource) {
    this.stamper = new FrameStamper(source);
  }

  get frames(): readonly TranscriptFrame[] {
    return this.kept;
  }

  get lastSeq(): number {
    return this.stamper.lastSeq;
  }

  record(draft: FrameDraft): TranscriptFrame {
    const frame = this.stamper.stamp(draft);
    this.kept.push(frame);
    this.stamper.announce(frame);
    return frame;
  }

  subscribe(listener: FrameListener): () => void {
    return this.stamper.subscribe(listener);
  }

  clear(): void {
    this.kept.length = 0;
    this.stamper.reset();
  }
}
