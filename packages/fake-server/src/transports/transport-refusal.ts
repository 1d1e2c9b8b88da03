import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0 "Invalid Request". */
const INVALID_REQUEST = -32600;

/** JSON-RPC 2.0 "Parse error". */
const PARSE_ERROR = -32700;

/** HTTP status for a body that is not UTF-8 (a parse error, as for any body that is not JSON). */
export const INVALID_UTF8_STATUS = 400;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a request body or stdio line as UTF-8 (JSON's only encoding, RFC 8259 §8.1; a leading BOM
 * is dropped); `undefined` when the bytes are not valid UTF-8, which the transport refuses with
 * {@link invalidUtf8Error} rather than passing on text with replacement characters.
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** HTTP status for a body over the limit. */
export const OVERSIZE_BODY_STATUS = 413;

/** HTTP status for a request from a host or origin the server does not serve (§5.1: invalid Origin gets 403). */
export const FORBIDDEN_ORIGIN_STATUS = 403;

/**
 * A transport's own refusal, answered before the request reaches the server (as a proxy in front
 * of a server would): a JSON-RPC -32600 error without an `id`, since the request was never read.
 * Shared by the HTTP, msw and stdio transports, which record each refusal with `FakeServer.recordRefusal`.
 */
function transportRefusal(message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', error: { code: INVALID_REQUEST, message } } as JSONRPCMessage;
}

/** The refusal of a request body (or stdio line) over the transport's size limit. */
export function oversizeBodyError(maxBodyBytes: number, bytes?: number): JSONRPCMessage {
  const size = bytes === undefined ? '' : `${bytes} bytes exceeds `;
  return transportRefusal(`Request too large: ${size}the ${maxBodyBytes}-byte limit`);
}

/** The refusal of a body (or stdio line) that is not valid UTF-8: -32700, like any body that is not JSON. */
export function invalidUtf8Error(): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    error: { code: PARSE_ERROR, message: 'Parse error: the body is not valid UTF-8' },
  } as JSONRPCMessage;
}

/** The refusal of a request body the transport could not read (broken stream, bad content encoding). */
export function unreadableBodyError(detail: string): JSONRPCMessage {
  return transportRefusal(`Bad request: ${detail}`);
}

/** The refusal of a request whose `Host` or `Origin` is not one the server serves (DNS rebinding). */
export function forbiddenOriginError(header: 'Host' | 'Origin', value: string): JSONRPCMessage {
  return transportRefusal(`Forbidden: ${header} ${value} is not allowed for this server`);
}
