/**
 * Resolves or rejects like `promise`, but rejects with "`what` did not finish within `timeoutMs` ms"
 * if it takes longer (the promise itself keeps running; its outcome is ignored).
 */
export async function bounded<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
