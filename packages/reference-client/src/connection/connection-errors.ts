import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { ClassifiedError } from '../errors/classified-error.js';

/** The HTTP status that tells a legacy client its session is gone (2025-11-25 §5.2). */
export const SESSION_NOT_FOUND = 404;

/**
 * Why a failed `auto` connect should be retried with `initialize` on a fresh transport, or
 * undefined when it must not (an auth wall, an unreachable server, a modern error that names
 * versions this client lacks).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 ("any other error, or a timeout, means legacy")
 */
export function probeFallbackReason(error: unknown): string | undefined {
  if (!(error instanceof SdkError)) return undefined;
  const message = error.message;
  if (error.code === SdkErrorCode.RequestTimeout && /probe/i.test(message)) return 'probe-timeout';
  // A stdio server that timed out on the probe and got `initialize` in place, then exited (it
  // died on the probe it read late): a fresh process, `initialize` first.
  if (error.code === SdkErrorCode.ConnectionClosed) return 'probe-closed';
  if (error.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  if (error instanceof SdkHttpError) {
    const status = (error.data as { status?: number } | undefined)?.status;
    return status !== undefined && status >= 500 ? `http-${status}` : undefined;
  }
  if (/closed/i.test(message)) return 'probe-closed';
  if (/unusable reply/i.test(message)) return 'probe-unusable-reply';
  return undefined;
}

/** Whether `initialize` was refused with the modern "unsupported protocol version" error (-32022, digest §1.3). */
export function refusedAsModernOnly(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if ((current as { code?: unknown }).code === -32022) return true;
    if (current instanceof Error && /-32022|unsupported protocol version/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A request failed because the legacy session is gone: re-initialize, re-list, retry. */
export function sessionLostError(cause: unknown): ClassifiedError {
  const error = new ClassifiedError({
    kind: 'network-unreachable',
    reason: 'session-lost',
    message: 'the server answered HTTP 404 to the session id: the legacy session is gone',
    httpStatus: SESSION_NOT_FOUND,
  });
  error.cause = cause;
  return error;
}

/** The host closed the connection while it was in use. */
export function closedError(cause: unknown): ClassifiedError {
  const error = new ClassifiedError({
    kind: 'network-unreachable',
    reason: 'host-closed',
    message: 'the host closed the connection',
  });
  if (cause !== undefined) error.cause = cause;
  return error;
}
