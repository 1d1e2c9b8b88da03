import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { AnswerPayload } from '../eras/era.js';
import type { Fault } from './fault.js';

/** The `_meta` key holding `oversize-body` padding. */
export const PADDING_META_KEY = 'dev.toolshift/padding';

/**
 * Applies a message-distorting fault to an answer: `malformed-json` cuts the serialized message in
 * half; `wrong-id` swaps the id for one the client never used; `oversize-body` pads the result's
 * (or error's) `_meta`/`data` until the JSON is at least `bytes` long; `truncated-sse` cuts it for a
 * frame that will never be terminated. Other kinds (and no fault) leave the message as it is.
 */
export function distortMessage(message: JSONRPCMessage, fault: Fault | undefined): AnswerPayload {
  if (!fault) return { kind: 'message', message };
  const text = JSON.stringify(message);
  switch (fault.kind) {
    case 'malformed-json':
      return { kind: 'raw', text: text.slice(0, Math.max(1, Math.floor(text.length / 2))) };
    case 'truncated-sse':
      return { kind: 'truncated', text: text.slice(0, Math.max(1, Math.floor(text.length / 2))), message };
    case 'wrong-id':
      return { kind: 'message', message: { ...message, id: wrongId(message) } as JSONRPCMessage };
    case 'oversize-body':
      return { kind: 'message', message: pad(message, fault.bytes - text.length) };
    default:
      return { kind: 'message', message };
  }
}

/** Whether `fault` distorts the answer message (as opposed to replacing or deferring the exchange). */
export function distortsMessage(fault: Fault): boolean {
  return (
    fault.kind === 'malformed-json' ||
    fault.kind === 'truncated-sse' ||
    fault.kind === 'wrong-id' ||
    fault.kind === 'oversize-body'
  );
}

function wrongId(message: JSONRPCMessage): string | number {
  const id = (message as { id?: unknown }).id;
  if (typeof id === 'number') return id + 1_000_000;
  if (typeof id === 'string') return `${id}-wrong`;
  return 'wrong-id';
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
