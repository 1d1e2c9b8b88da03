import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { exactIntegerId } from '../exchange/exact-integer-id.js';
import { MAX_NESTING_DEPTH, textNestsDeeperThan } from '../exchange/nesting-depth.js';

/** A JSON-RPC message classified by shape. */
export type Classified =
  | { kind: 'request'; id: string | number; method: string; params: Record<string, unknown> | undefined }
  | { kind: 'notification'; method: string; params: Record<string, unknown> | undefined }
  | { kind: 'response'; id: string | number | null };

/** The result of reading a request body. */
export type ParsedBody =
  | { ok: true; message: JSONRPCMessage; classified: Classified }
  | {
      ok: false;
      reason: 'parse-error' | 'invalid-request';
      detail: string;
      id?: string | number;
      value?: unknown;
    };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses and classifies one JSON-RPC 2.0 message. Batches (arrays) are invalid in both eras
 * (removed in 2025-06-18). A request id is a string or an integer (§ RequestId): `null`, fractional
 * (`1.5`) and non-finite ids are rejected; an integer beyond ±(2^53−1) is kept exactly (see
 * `exactIntegerId`) and answered with the same number. A message nesting deeper than
 * {@link MAX_NESTING_DEPTH} is an invalid request (its `id` is kept when it has a valid one), so
 * nothing too deep to serialize again ever enters the server.
 */
export function parseBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'parse-error', detail: (error as Error).message };
  }
  if (textNestsDeeperThan(text)) {
    const id = isObject(value) ? value.id : undefined;
    return {
      ok: false,
      reason: 'invalid-request',
      detail: `the message nests deeper than ${MAX_NESTING_DEPTH} levels`,
      ...withId(
        typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined,
      ),
    };
  }
  const exact = isObject(value) ? exactIntegerId(text, value.id) : undefined;
  return classifyValue(exact === undefined ? value : { ...(value as Record<string, unknown>), id: exact });
}

/** Classifies an already-parsed value; see {@link parseBody}. */
export function classifyValue(value: unknown): ParsedBody {
  if (Array.isArray(value))
    return { ok: false, reason: 'invalid-request', detail: 'batches are not supported', value };
  if (!isObject(value))
    return { ok: false, reason: 'invalid-request', detail: 'the body is not a JSON object', value };
  const id = value.id;
  // JSON-RPC ids are strings or integers: 1.5 is not one (unsafe integers come marked as strings by parseBody).
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
  const idForError = validId ? (id as string | number) : undefined;
  if (value.jsonrpc !== '2.0') {
    return {
      ok: false,
      reason: 'invalid-request',
      detail: 'jsonrpc must be "2.0"',
      ...withId(idForError),
      value,
    };
  }
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method.length === 0) {
      return {
        ok: false,
        reason: 'invalid-request',
        detail: 'method must be a non-empty string',
        ...withId(idForError),
        value,
      };
    }
    if ('params' in value && value.params !== undefined && !isObject(value.params)) {
      return {
        ok: false,
        reason: 'invalid-request',
        detail: 'params must be an object',
        ...withId(idForError),
        value,
      };
    }
    const params = value.params as Record<string, unknown> | undefined;
    if (!('id' in value)) {
      return {
        ok: true,
        message: value as JSONRPCMessage,
        classified: { kind: 'notification', method: value.method, params },
      };
    }
    if (!validId)
      return { ok: false, reason: 'invalid-request', detail: 'id must be a string or an integer', value };
    return {
      ok: true,
      message: value as JSONRPCMessage,
      classified: { kind: 'request', id: id as string | number, method: value.method, params },
    };
  }
  if ('result' in value || 'error' in value) {
    return {
      ok: true,
      message: value as JSONRPCMessage,
      classified: { kind: 'response', id: validId ? (id as string | number) : null },
    };
  }
  return {
    ok: false,
    reason: 'invalid-request',
    detail: 'not a request, notification or response',
    ...withId(idForError),
    value,
  };
}

function withId(id: string | number | undefined): { id?: string | number } {
  return id === undefined ? {} : { id };
}
