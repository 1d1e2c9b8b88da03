/**
 * Thrown inside a provider adapter when a schema cannot be expressed in the provider's subset
 * without changing its meaning. `reason` is a stable code (e.g. `open-object`, `recursive-ref`,
 * `all-of-unsupported`); `pointer` is a JSON pointer into the tool's `inputSchema`.
 */
export class AdaptError extends Error {
  constructor(
    readonly reason: string,
    readonly pointer: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'AdaptError';
  }
}
