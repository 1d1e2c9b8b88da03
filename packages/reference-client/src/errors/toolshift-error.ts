import type { ErrorDataByCode, ReferenceClientErrorCode } from './codes.js';
import { displayText } from './display-text.js';

// Same brand as every toolshift package, so `isToolshiftError` works across packages and copies.
const BRAND = Symbol.for('toolshift.error');

/**
 * A local (non-wire) error with a stable `code` and typed `data` (see {@link ErrorDataByCode}).
 * Check it with {@link isToolshiftError}, not `instanceof`: two copies of the package may coexist.
 * Its `message` is safe to print: control characters (from server-controlled strings it embeds)
 * are shown as escapes and its length is bounded (see `displayText`); `data` keeps exact values.
 */
export class ToolshiftError<C extends ReferenceClientErrorCode = ReferenceClientErrorCode> extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: C,
    message: string,
    readonly data: ErrorDataByCode[C],
  ) {
    super(displayText(message));
    this.name = 'ToolshiftError';
  }
}

/**
 * True when `value` is a toolshift error (from any copy of any toolshift package), optionally with
 * `code`; with a reference-client code, `data` is narrowed to that code's shape.
 */
export function isToolshiftError<C extends ReferenceClientErrorCode>(
  value: unknown,
  code: C,
): value is ToolshiftError<C>;
export function isToolshiftError(value: unknown, code?: string): value is ToolshiftError;
export function isToolshiftError(value: unknown, code?: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[BRAND] === true &&
    (code === undefined || (value as { code?: unknown }).code === code)
  );
}
