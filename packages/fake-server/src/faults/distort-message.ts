import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { AnswerPayload } from '../eras/era.js';
import {
  isExactIntegerId,
  otherExactIntegerId,
  stringifyWithExactIds,
} from '../exchange/exact-integer-id.js';
import type { Fault } from './fault.js';

/** The `_meta` key holding `oversizeBody` padding. */
export const PADDING_META_KEY = 'dev.toolshift/padding';

/**
 * Applies a message-distorting fault to an answer: `malformedJson` cuts the serialized message in
 * half; `wrongId` swaps the id for one the client never used; `oversizeBody` pads the result's
 * (or error's) `_meta`/`data` until the JSON is at least `bytes` long; `truncatedSseFrame` cuts it for a
 * frame that will never be terminated; `dropStream` writes nothing. Other kinds (and no fault) leave the message as it is.
 */
export function distortMessage(message: JSONRPCMessage, fault: Fault | undefined): AnswerPayload {
  if (!fault) return { kind: 'message', message };
  const text = stringifyWithExactIds(message);
  switch (fault.kind) {
    case 'malformedJson':
      return { kind: 'raw', text: text.slice(0, Math.max(1, Math.floor(text.length / 2))) };
    case 'truncatedSseFrame':
      return { kind: 'truncated', text: text.slice(0, Math.max(1, Math.floor(text.length / 2))), message };
    case 'wrongId':
      return { kind: 'message', message: { ...message, id: wrongId(message) } as JSONRPCMessage };
    case 'dropStream':
      return { kind: 'dropped', message };
    case 'oversizeBody':
      return { kind: 'message', message: pad(message, fault.bytes - text.length) };
    default:
      return { kind: 'message', message };
  }
}

/** Whether `fault` distorts the answer message (as opposed to replacing or deferring the exchange). */
export function distortsMessage(fault: Fault): boolean {
  return (
    fault.kind === 'malformedJson' ||
    fault.kind === 'truncatedSseFrame' ||
    fault.kind === 'wrongId' ||
    fault.kind === 'oversizeBody' ||
    fault.kind === 'dropStream'
  );
}

function wrongId(message: JSONRPCMessage): string | number {
  const id = (message as { id?: unknown }).id;
  if (isExactIntegerId(id)) return otherExactIntegerId(id);
  if (typeof id === 'number') return id + 1_000_000;
  if (typeof id === 'string') return `${id}-wrong`;
  return 'wrongId';
}

function pad(message: JSONRPCMessage, missing: number): JSONRPCMessage {
  // The padding key and quotes add bytes of their own; `missing` is a lower bound.
  const padding = 'x'.repeat(Math.max(0, missing));
  const value = message as Record<string, unknown>;
  if (value.result && typeof value.result === 'object') {
    const result = value.result as Record<string, unknown>;
    const meta = (result._meta as Record<string, unknown> | undefined) ?? {};
    return {
      ...value,
      result: { ...result, _meta: { ...meta, [PADDING_META_KEY]: padding } },
    } as unknown as JSONRPCMessage;
  }
  if (value.error && typeof value.error === 'object') {
    return {
      ...value,
      error: { ...(value.error as object), data: { [PADDING_META_KEY]: padding } },
    } as unknown as JSONRPCMessage;
  }
  return message;
}
