import type { ServerStream } from '../transcript/recorder.js';
import type { ListKind } from '../world/list-kind.js';
import type { RelayRequest } from './method-relay.js';
import type { WireErrorCode } from './wire-error.js';

/** A page of a listing that was served (for `betweenPages` triggers and page mutations). */
export interface PageServed {
  list: ListKind;
  /** 1-based page number within the enumeration. */
  page: number;
}

/** What a method handler produces: a result, a wire error, or a long-lived stream. */
export type HandlerResult =
  | {
      kind: 'result';
      result: Record<string, unknown>;
      pageServed?: PageServed;
      /** Set when the result is a placeholder for the answer of a relayed request (see `MethodRelay`). */
      relay?: RelayRequest;
    }
  | {
      kind: 'error';
      code: WireErrorCode | number;
      message: string;
      data?: unknown;
      httpStatus?: number;
      headers?: Record<string, string>;
    }
  | { kind: 'stream'; stream: ServerStream; streamKind: 'listen' | 'get' };

/** Shorthand for a wire-error handler result. */
export function errorResult(
  code: WireErrorCode | number,
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
