import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { EraOutcome, EraRequest } from './era.js';
import type { HandlerResult } from './method-handler.js';
import { WireErrorCode, wireError } from './wire-error.js';

/** A transport-level refusal: HTTP status plus the JSON-RPC error to put in the body. */
export interface HttpRefusal {
  status: number;
  code: WireErrorCode | number;
  message: string;
  data?: unknown;
  headers?: Record<string, string>;
}

/** A JSON-RPC success response message. */
export function success(id: string | number, result: Record<string, unknown>): JSONRPCMessage {
  return { jsonrpc: '2.0', id, result } as JSONRPCMessage;
}

/** An outcome carrying a refusal as a JSON-RPC error body with the refusal's status and headers. */
export function refuse(refusal: HttpRefusal, id?: string | number): EraOutcome {
  return {
    response: {
      status: refusal.status,
      headers: refusal.headers ?? {},
      reply: { kind: 'message', message: wireError(id, refusal.code, refusal.message, refusal.data) },
    },
  };
}

/**
 * The outcome of a handler's result or error answered as `application/json`: status 200 for a
 * result; for an error the handler's status, else `errorStatus` (200 or 400, §11.7).
 */
export function answer(
  id: string | number,
  outcome: Exclude<HandlerResult, { kind: 'stream' }>,
  errorStatus: number,
): EraOutcome {
  if (outcome.kind === 'result') {
    return {
      response: {
        status: 200,
        headers: {},
        reply: { kind: 'message', message: success(id, outcome.result) },
      },
      ...(outcome.pageServed !== undefined ? { pageServed: outcome.pageServed } : {}),
      ...(outcome.relay !== undefined ? { relay: outcome.relay } : {}),
    };
  }
  return {
    response: {
      status: outcome.httpStatus ?? errorStatus,
      headers: outcome.headers ?? {},
      reply: { kind: 'message', message: wireError(id, outcome.code, outcome.message, outcome.data) },
    },
  };
}

/** The JSON-RPC message answering request `id` with a handler's result or error (a stream outcome here is an internal error). */
export function handlerMessage(id: string | number, outcome: HandlerResult): JSONRPCMessage {
  if (outcome.kind === 'result') return success(id, outcome.result);
  if (outcome.kind === 'error') return wireError(id, outcome.code, outcome.message, outcome.data);
  return wireError(id, WireErrorCode.InternalError, 'Internal error');
}

/** Headers for an SSE response (`X-Accel-Buffering: no` keeps proxies from buffering, §4.2). */
export function sseHeaders(): Record<string, string> {
  return { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' };
}

/** The 202 answer to an accepted notification or client response. */
export function accepted(): EraOutcome {
  return { response: { status: 202, headers: {}, reply: { kind: 'empty' } } };
}

/** The request id of a classified request, for error bodies; `undefined` for anything else. */
export function idOf(classified: EraRequest['classified']): string | number | undefined {
  return classified?.kind === 'request' ? classified.id : undefined;
}
