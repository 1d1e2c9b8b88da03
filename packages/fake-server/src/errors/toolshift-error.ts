import type { FakeServerErrorCode } from './codes.js';

const BRAND = Symbol.for('toolshift.error');

/**
 * A local (non-wire) error with a stable `code` and structured `data`.
 * Check it with {@link isToolshiftError}, not `instanceof`: two copies of the package may coexist.
 */
export class ToolshiftError<C extends string = FakeServerErrorCode> extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: C,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ToolshiftError';
  }
}

/** True when `value` is a toolshift error (from any copy of any toolshift package), optionally with `code`. */
export function isToolshiftError(value: unknown, code?: string): value is ToolshiftError<string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[BRAND] === true &&
    (code === undefined || (value as { code?: unknown }).code === code)
  );
}
