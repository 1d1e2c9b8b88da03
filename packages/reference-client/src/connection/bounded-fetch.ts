import type { FetchLike } from '@modelcontextprotocol/client';

/** Byte and time bounds for every HTTP response a server connection reads. */
export interface FetchBounds {
  /** Largest body of an ordinary response (JSON, or a request's SSE stream), bytes. */
  maxResponseBytes: number;
  /** Largest total body of a long-lived stream (modern `subscriptions/listen`, legacy GET), bytes. */
  maxStreamBytes: number;
  /** Wall time after which an ordinary response (headers and body) is aborted, ms. Long-lived streams have none. */
  responseDeadlineMs: number;
}

/** Why the bounded fetch cut a response short. */
export type FetchViolation =
  | { kind: 'byte-cap'; limitBytes: number; longLived: boolean }
  | { kind: 'deadline'; deadlineMs: number };

/** The error a bounded response fails with; `violation` says which bound was hit. */
export class FetchBoundError extends Error {
  constructor(readonly violation: FetchViolation) {
    super(
      violation.kind === 'byte-cap'
        ? `Response exceeded ${violation.limitBytes} bytes${violation.longLived ? ' (long-lived stream)' : ''}`
        : `Response not complete within ${violation.deadlineMs} ms`,
    );
    this.name = 'FetchBoundError';
  }
}

/** Counters a bounded fetch keeps, for listing-wide byte caps. */
export interface FetchMeter {
  /** Body bytes read by ordinary (not long-lived) responses since creation. */
  bytesRead: number;
}

/**
 * Wraps `fetch` so that no response can hold the client unboundedly: ordinary responses are cut at
 * `maxResponseBytes` and `responseDeadlineMs`, long-lived streams (a POST with
 * `Mcp-Method: subscriptions/listen`, or a GET) at `maxStreamBytes`. A cut cancels the socket read,
 * calls `onViolation` and fails the body with a {@link FetchBoundError}, which the SDK surfaces as a
 * request error.
 */
export function createBoundedFetch(
  bounds: FetchBounds,
  onViolation: (violation: FetchViolation) => void,
  meter: FetchMeter = { bytesRead: 0 },
  base: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const longLived =
      method === 'GET' || new Headers(init?.headers).get('mcp-method') === 'subscriptions/listen';
    const controller = new AbortController();
    // The caller's signal is followed by a listener of our own, and an abort cancels the body's
    // reader directly: undici follows a fetch's signal through a WeakRef to its Request, so once a
    // garbage collection took that Request an abort (e.g. the SDK closing a listen or GET stream)
    // never reached the socket, and the server never saw the client close its stream.
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let abortedBeforeResponse: ((reason: unknown) => void) | undefined;
    const onCallerAbort = () => {
      const reason = init?.signal?.reason;
      controller.abort(reason);
      reader?.cancel(reason).catch(() => {});
      abortedBeforeResponse?.(reason);
    };
    init?.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const fail = (violation: FetchViolation): FetchBoundError => {
      const error = new FetchBoundError(violation);
      controller.abort(error);
      reader?.cancel(error).catch(() => {});
      abortedBeforeResponse?.(error);
      try {
        onViolation(violation);
      } catch {
        // The cut stands whatever the observer does.
      }
      return error;
    };
    if (!longLived) {
      const deadlineMs = bounds.responseDeadlineMs;
      timer = setTimeout(() => fail({ kind: 'deadline', deadlineMs }), deadlineMs);
      timer.unref?.();
    }
    const done = () => {
      clearTimeout(timer);
      init?.signal?.removeEventListener('abort', onCallerAbort);
    };
    if (init?.signal?.aborted) {
      done();
      throw init.signal.reason;
    }
    let response: Response;
    const pending = base(url, { ...init, signal: controller.signal });
    try {
      response = await Promise.race([
        pending,
        new Promise<never>((_resolve, reject) => {
          abortedBeforeResponse = reject;
        }),
      ]);
    } catch (error) {
      done();
      // A response that arrives after the abort is never read: its body is cancelled.
      pending.then((late) => late.body?.cancel().catch(() => {})).catch(() => {});
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      abortedBeforeResponse = undefined;
    }
    if (response.body === null) {
      done();
      return response;
    }
    const limitBytes = longLived ? bounds.maxStreamBytes : bounds.maxResponseBytes;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limitBytes) {
      done();
      const error = fail({ kind: 'byte-cap', limitBytes, longLived });
      await response.body.cancel(error).catch(() => {});
      throw error;
    }
    const source = response.body.getReader();
    reader = source;
    if (controller.signal.aborted) source.cancel(controller.signal.reason).catch(() => {});
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const { done: finished, value } = await source.read();
          if (controller.signal.aborted) {
            done();
            stream.error(controller.signal.reason);
            return;
          }
          if (finished) {
            done();
            stream.close();
            return;
          }
          seen += value.byteLength;
          if (!longLived) meter.bytesRead += value.byteLength;
          if (seen > limitBytes) {
            done();
            const error = fail({ kind: 'byte-cap', limitBytes, longLived });
            stream.error(error);
            return;
          }
          stream.enqueue(value);
        } catch (error) {
          done();
          stream.error(controller.signal.aborted ? controller.signal.reason : error);
        }
      },
      cancel(reason) {
        done();
        return source.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
