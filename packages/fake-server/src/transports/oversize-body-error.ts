import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0 "Invalid Request". */
const INVALID_REQUEST = -32600;

/** HTTP status for a body over the limit. */
export const OVERSIZE_BODY_STATUS = 413;

/**
 * The JSON-RPC error for a request body (or stdio line) over a transport's size limit. The
 * transport answers it before the body reaches the server, as a proxy in front of a server would
 * (HTTP 413 on HTTP and msw); it has no `id`, since the request was never read. Shared by the
 * HTTP, msw and stdio transports.
 */
export function oversizeBodyError(maxBodyBytes: number, bytes?: number): JSONRPCMessage {
  const size = bytes === undefined ? '' : `${bytes} bytes exceeds `;
  return {
    jsonrpc: '2.0',
    error: { code: INVALID_REQUEST, message: `Request too large: ${size}the ${maxBodyBytes}-byte limit` },
  } as JSONRPCMessage;
}
