/** Why a long-running command (`serve`) stops. */
export type ShutdownReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent-exited';

/** How often the command checks that the process that started it is still there, ms. */
const PARENT_POLL_MS = 1000;

/** The process that started this one, read when the CLI loads (a slow start may outlive it). */
const STARTED_BY = process.ppid;

/**
 * Resolves when the command should stop: on SIGINT, SIGTERM or SIGHUP, or when the process that
 * started it is gone (its parent process id changed: a wrapper such as `npx` or a shell script that
 * ended on Ctrl-C without passing the signal on leaves this process orphaned). A second signal
 * while it stops ends the process at once (exit 130), so Ctrl-C twice always works.
 */
export function untilShutdown(): Promise<ShutdownReason> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = (reason: ShutdownReason) => {
      if (stopping) {
        process.stderr.write(`toolshift: ${reason} again while stopping: exiting now\n`);
        process.exit(130);
      }
      stopping = true;
      clearInterval(watch);
      resolve(reason);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
    const watch = setInterval(() => {
      if (process.ppid !== STARTED_BY) stop('parent-exited');
    }, PARENT_POLL_MS);
    watch.unref();
  });
}

/**
 * Runs `close` (a graceful close of what the command serves) and ends the process: with 0 once it
 * finished, or after `graceMs` (default 5000) if it has not — a client holding a stream open never
 * keeps a stopped server alive.
 */
export async function closeThenExit(close: () => Promise<unknown>, graceMs = 5000): Promise<never> {
  const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([close().catch(() => undefined), grace]);
  process.exit(0);
}
