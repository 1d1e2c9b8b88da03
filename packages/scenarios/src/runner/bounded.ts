/** The rejection of {@link bounded} when the bound passed first (the client hung, as opposed to threw). */
export class BoundExceededError extends Error {
  override readonly name = 'BoundExceededError';
}

/**
 * Resolves or rejects like `promise`, but rejects with a {@link BoundExceededError} "`what` did not finish within `timeoutMs` ms"
 * if it takes longer (the promise itself keeps running; its outcome is ignored).
 */
export async function bounded<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new BoundExceededError(`${what} did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
