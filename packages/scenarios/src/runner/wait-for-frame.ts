import type { FakeServer, TranscriptFrame } from '@toolshift/fake-server';
import { StallAwareDeadline } from '@toolshift/fake-server';

/**
 * The first frame of `fake`'s transcript after `afterSeq` (past or future) that `predicate`
 * accepts, or `undefined` when none came within `timeoutMs` (time this process could not run not
 * counted, see {@link StallAwareDeadline}).
 */
export function waitForFrame(
  fake: FakeServer,
  predicate: (frame: TranscriptFrame) => boolean,
  options: { afterSeq: number; timeoutMs: number },
): Promise<TranscriptFrame | undefined> {
  const found = fake.transcript.frames.find((frame) => frame.seq > options.afterSeq && predicate(frame));
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const deadline = new StallAwareDeadline(options.timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const done = (frame: TranscriptFrame | undefined) => {
      clearTimeout(timer);
      deadline.dispose();
      stop();
      resolve(frame);
    };
    const stop = fake.transcript.subscribe((frame) => {
      if (frame.seq > options.afterSeq && predicate(frame)) done(frame);
    });
    const check = () => {
      const left = deadline.remainingMs();
      if (left > 0) timer = setTimeout(check, left);
      else done(undefined);
    };
    timer = setTimeout(check, options.timeoutMs);
  });
}
