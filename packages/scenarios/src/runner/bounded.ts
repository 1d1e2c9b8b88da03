import { StallAwareDeadline } from '@toolshift/fake-server';

/** The rejection of {@link bounded} when the bound passed first (the client hung, as opposed to threw). */
export class BoundExceededError extends Error {
  override readonly name = 'BoundExceededError';
}

/**
 * Resolves or rejects like `promise`, but rejects with a {@link BoundExceededError} "`what` did not
 * finish within `timeoutMs` ms" if it takes longer (the promise itself keeps running; its outcome is
 * ignored). Time this process could not run is not counted (see {@link StallAwareDeadline}): a busy
 * machine does not turn a slow client into a hung one.
 */
export async function bounded<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  const deadline = new StallAwareDeadline(timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const check = () => {
      const left = deadline.remainingMs();
      if (left > 0) timer = setTimeout(check, left);
      else reject(new BoundExceededError(`${what} did not finish within ${timeoutMs} ms`));
    };
    timer = setTimeout(check, timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
    deadline.dispose();
  }
}
