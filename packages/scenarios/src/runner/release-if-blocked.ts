import type { FakeServer } from '@toolshift/fake-server';
import { StallAwareDeadline } from '@toolshift/fake-server';

/** What a `connect` action's `releaseIfBlocked` states (see the action's description). */
export interface ReleaseIfBlocked {
  /** The server whose logical clock the runner may advance. */
  server: FakeServer;
  /** How far it advances, ms of logical time. */
  ms: number;
  /** How long every server's wire must have been quiet, ms of time this process could run. */
  quietMs: number;
}

/**
 * Waits for `step` (a client action in flight). If it is still waiting after every server of the
 * cell has seen no frame for `rule.quietMs`, while `rule.server` holds a response on its logical
 * clock, the client is waiting on that response before it finishes the step (a host that connects
 * every server at once): advances that server's clock by `rule.ms`, once, and calls `onRelease`
 * before doing so. Quiet time does not count stalls of this process's event loop.
 */
export async function releaseIfBlocked<T>(
  step: Promise<T>,
  fakes: readonly FakeServer[],
  rule: ReleaseIfBlocked,
  onRelease: () => void,
): Promise<T> {
  let lastActivity = Date.now();
  let stalledAtActivity = 0;
  const deadline = new StallAwareDeadline(rule.quietMs);
  const unsubscribe = fakes.map((fake) =>
    fake.transcript.subscribe(() => {
      lastActivity = Date.now();
      stalledAtActivity = deadline.stalledMs();
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const watch = () => {
    const quiet = Date.now() - lastActivity - (deadline.stalledMs() - stalledAtActivity);
    if (quiet >= rule.quietMs && rule.server.heldOnLogicalClock() > 0) {
      onRelease();
      rule.server.advanceClock(rule.ms);
      return;
    }
    timer = setTimeout(watch, Math.max(10, rule.quietMs - quiet));
  };
  timer = setTimeout(watch, rule.quietMs);
  try {
    return await step;
  } finally {
    clearTimeout(timer);
    deadline.dispose();
    for (const off of unsubscribe) off();
  }
}
