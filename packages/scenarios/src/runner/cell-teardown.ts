import type { FakeServer } from '@toolshift/fake-server';
import { StallAwareDeadline } from '@toolshift/fake-server';
import type { ClientAdapter } from '../adapters/client-adapter.js';
import { bounded } from './bounded.js';
import type { CellServers } from './cell-servers.js';

/** How long teardown waits for a closed client's streams to go, ms of wall time (event-loop stalls not counted). */
export const CLIENT_GONE_GRACE_MS = 1000;

/**
 * Ends a cell in one order on every transport: the client's `close()` (bounded by
 * `actionTimeoutMs`; a failure becomes a `note`), then a wait of at most
 * {@link CLIENT_GONE_GRACE_MS} until every long-lived stream the client held (legacy GET, modern
 * listen) has been closed from the client's side, then the servers. Without the wait, whether the
 * server saw the client leave or ended the stream itself depended on how fast the transport carried
 * the close (an aborted fetch reaches an msw handler in the same turn, a reset socket a few turns
 * later), so same-seed runs recorded different closing frames. A client that leaves a stream open
 * after `close()` gets it ended by the server after the grace period, which is just as repeatable,
 * and a `note` saying so.
 */
export async function tearDownCell(
  adapter: ClientAdapter,
  servers: CellServers,
  options: { actionTimeoutMs: number; note: (text: string) => void },
): Promise<void> {
  await bounded(adapter.close(), options.actionTimeoutMs, 'close').catch((error: Error) =>
    options.note(`close failed: ${error.message}`),
  );
  const left = await Promise.all(servers.fakes().map((fake) => streamsClosed(fake, CLIENT_GONE_GRACE_MS)));
  const open = left.reduce((sum, count) => sum + count, 0);
  if (open > 0)
    options.note(
      `the client left ${open} stream(s) open ${CLIENT_GONE_GRACE_MS} ms after close(); the server ended them`,
    );
  await servers.close();
}

/**
 * Resolves with 0 once `fake` has no open long-lived stream, or after `graceMs` (stalls of the
 * event loop not counted) with the number still open.
 */
function streamsClosed(fake: FakeServer, graceMs: number): Promise<number> {
  if (fake.openStreamCount() === 0) return Promise.resolve(0);
  return new Promise<number>((resolve) => {
    const deadline = new StallAwareDeadline(graceMs);
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      deadline.dispose();
      stop();
      resolve(fake.openStreamCount());
    };
    const check = () => {
      const left = deadline.remainingMs();
      if (left <= 0) done();
      else timer = setTimeout(check, left);
    };
    const stop = fake.transcript.subscribe(() => {
      if (fake.openStreamCount() === 0) done();
    });
    check();
  });
}
