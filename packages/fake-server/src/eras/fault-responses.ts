import type { WireResponse } from '../exchange/wire-response.js';
import type { HttpStatusFault } from '../faults/fault.js';
import { WireErrorCode, wireError } from './wire-error.js';

const REASONS: Record<number, string> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The answer to a request hit by an `httpStatus` fault: the status, `Retry-After` when set, and a
 * JSON-RPC error (-32603 for 5xx, -32600 otherwise), a plain-text error page, or no body.
 */
export function httpStatusFaultResponse(
  fault: HttpStatusFault,
  id: string | number | undefined,
): WireResponse {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
  const reason = REASONS[fault.status] ?? 'Error';
  switch (fault.body ?? 'json-rpc') {
    case 'empty':
      return { status: fault.status, headers, reply: { kind: 'empty' } };
    case 'text':
      return {
        status: fault.status,
        headers,
        reply: { kind: 'raw', contentType: 'text/plain', body: `${fault.status} ${reason}` },
      };
    default: {
      const code = fault.status >= 500 ? WireErrorCode.InternalError : WireErrorCode.InvalidRequest;
      return {
        status: fault.status,
        headers,
        reply: { kind: 'message', message: wireError(id, code, reason) },
      };
    }
  }
}
