import type { ServerStream } from '../transcript/recorder.js';
import type { WireErrorCode } from './wire-error.js';

/** What a method handler produces: a result, a wire error, or a long-lived stream. */
export type HandlerResult =
  | { kind: 'result'; result: Record<string, unknown>; pageServed?: number }
  | {
      kind: 'error';
      code: WireErrorCode;
      message: string;
      data?: unknown;
      httpStatus?: number;
      headers?: Record<string, string>;
    }
  | { kind: 'stream'; stream: ServerStream; streamKind: 'listen' | 'get' };

/** Shorthand for a wire-error handler result. */
export function errorResult(
  code: WireErrorCode,
  message: string,
  data?: unknown,
  httpStatus?: number,
): HandlerResult {
  return {
    kind: 'error',
    code,
    message,
    ...(data === undefined ? {} : { data }),
    ...(httpStatus === undefined ? {} : { httpStatus }),
  };
}
