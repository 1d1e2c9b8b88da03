/** A usage error: the CLI prints its message and exits 2. */
export class UsageError extends Error {}
