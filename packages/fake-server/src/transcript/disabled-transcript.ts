import { FrameStamper, type StampSource } from './frame-stamper.js';
import type { FrameListener, Transcript } from './transcript.js';
import type { FrameDraft, TranscriptFrame } from './transcript-frame.js';

/**
 * A {@link Transcript} that keeps nothing: frames are still numbered and announced (so `waitFor`
 * works), but `frames` stays empty. Use it for load tests where memory matters.
 */
export class DisabledTranscript implements Transcript {
  readonly frames: readonly TranscriptFrame[] = [];
  private readonly stamper: FrameStamper;

  constructor(source: StampSource) {
    this.stamper = new FrameStamper(source);
  }

  get lastSeq(): number {
    return this.stamper.lastSeq;
  }

  record(draft: FrameDraft): TranscriptFrame {
    const frame = this.stamper.stamp(draft);
    this.stamper.announce(frame);
    return frame;
  }

  subscribe(listener: FrameListener): () => void {
    return this.stamper.subscribe(listener);
  }

  clear(): void {
    this.stamper.reset();
  }
}
