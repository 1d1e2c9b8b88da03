import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * JSON-RPC error codes the fake server sends: the SDK's `ProtocolErrorCode` plus the 2026-07-28
 * `HeaderMismatch` (-32020) and the 2025-11-25 `ResourceNotFound` (-32002), which the SDK enum
 * lacks. Only `eras/` creates wire errors (a script may still pick any code for a scripted error).
 * @see ../shared/spec/mcp-discovery-spec.md Quick constants
 */
export const WireErrorCode = {
  ParseError: ProtocolErrorCode.ParseError,
  InvalidRequest: ProtocolErrorCode.InvalidRequest,
  MethodNotFound: ProtocolErrorCode.MethodNotFound,
  InvalidParams: ProtocolErrorCode.InvalidParams,
  InternalError: ProtocolErrorCode.InternalError,
  HeaderMismatch: -32020,
  /** 2025-11-25 only: resource not found (retired in 2026-07-28, which uses -32602). */
  ResourceNotFound: -32002,
  MissingRequiredClientCapability: ProtocolErrorCode.MissingRequiredClientCapability,
  UnsupportedProtocolVersion: ProtocolErrorCode.UnsupportedProtocolVersion,
} as const;

export type WireErrorCode = (typeof WireErrorCode)[keyof typeof WireErrorCode];

/** A JSON-RPC error response; `id` is omitted when the request's id is unknown (parse errors). */
export function wireError(
  id: string | number | undefined,
  code: WireErrorCode | number,
  message: string,
  data?: unknown,
): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    error: { code, message, ...(data === undefined ? {} : { data }) },
  } as JSONRPCMessage;
}
