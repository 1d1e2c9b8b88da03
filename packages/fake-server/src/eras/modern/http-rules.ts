import type { WireRequest } from '../../exchange/wire-request.js';
import type { Classified } from '../json-rpc.js';
import { checkPostAccept } from '../post-accept.js';
import type { HttpRefusal } from '../responses.js';
import { WireErrorCode } from '../wire-error.js';

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/;

/** Decodes a header value that may use the `=?base64?…?=` sentinel (§5.1). */
export function decodeHeaderValue(value: string): string {
  const match = SENTINEL.exec(value);
  return match ? Buffer.from(match[1] ?? '', 'base64').toString('utf8') : value;
}

/** Methods whose `params.name` (or `params.uri`) must be mirrored in `Mcp-Name` (§5.1). */
const NAME_MIRRORED: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/**
 * Modern Streamable HTTP rules (2026-07-28): POST only (GET/DELETE → 405); JSON bodies; a POST
 * must accept JSON and SSE (406);
 * `MCP-Protocol-Version` equal to the `_meta` version and `Mcp-Method` (and `Mcp-Name` where it
 * applies) on every request, else 400 + -32020; unknown method → 404 + -32601.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1
 */
export const modernHttpRules = {
  /** Status for an ordinary JSON-RPC error (invalid cursor, unknown tool): unpinned by the spec (§11.7). */
  errorStatus: 200,

  isHttp(request: WireRequest): boolean {
    return request.transport === 'http' || request.transport === 'msw';
  },

  methodNotAllowed(): HttpRefusal {
    return {
      status: 405,
      code: WireErrorCode.InvalidRequest,
      message: 'Method not allowed: the 2026-07-28 endpoint accepts POST only',
      headers: { Allow: 'POST' },
    };
  },

  checkPostBody(request: WireRequest): HttpRefusal | undefined {
    if (!this.isHttp(request)) return undefined;
    const acceptRefusal = checkPostAccept(request);
    if (acceptRefusal) return acceptRefusal;
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().includes('application/json')) {
      return {
        status: 415,
        code: WireErrorCode.InvalidRequest,
        message: 'Content-Type must be application/json',
      };
    }
    return undefined;
  },

  missingMeta(key: string): HttpRefusal {
    return { status: 400, code: WireErrorCode.InvalidParams, message: `Missing required _meta key: ${key}` };
  },

  unsupportedVersion(requested: string, supported: readonly string[]): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.UnsupportedProtocolVersion,
      message: 'Unsupported protocol version',
      data: { supported, requested },
    };
  },

  /** Checks the standard headers of a request against its body; `undefined` when they agree. */
  checkHeaders(
    request: WireRequest,
    classified: Classified & { kind: 'request' },
    version: string,
  ): HttpRefusal | undefined {
    if (!this.isHttp(request)) return undefined;
    const mismatch = (message: string): HttpRefusal => ({
      status: 400,
      code: WireErrorCode.HeaderMismatch,
      message,
    });
    const header = request.headers['mcp-protocol-version'];
    if (header === undefined) return mismatch('Missing MCP-Protocol-Version header');
    if (header !== version)
      return mismatch(`MCP-Protocol-Version ${header} does not match _meta protocolVersion ${version}`);
    const method = request.headers['mcp-method'];
    if (method === undefined) return mismatch('Missing Mcp-Method header');
    if (decodeHeaderValue(method) !== classified.method) {
      return mismatch(`Mcp-Method ${method} does not match the body method ${classified.method}`);
    }
    // A body without a name is invalid params (-32602, from the method), not a header mismatch.
    const field = Object.hasOwn(NAME_MIRRORED, classified.method)
      ? NAME_MIRRORED[classified.method]
      : undefined;
    const bodyName = field === undefined ? undefined : classified.params?.[field];
    if (field !== undefined && typeof bodyName === 'string' && bodyName !== '') {
      const name = request.headers['mcp-name'];
      if (name === undefined) return mismatch('Missing Mcp-Name header');
      if (decodeHeaderValue(name) !== bodyName)
        return mismatch(`Mcp-Name ${name} does not match params.${field}`);
    }
    return undefined;
  },

  methodNotFound(method: string): HttpRefusal {
    return { status: 404, code: WireErrorCode.MethodNotFound, message: `Method not found: ${method}` };
  },

  clientResponse(): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message: 'The 2026-07-28 server sends no requests, so it accepts no responses',
    };
  },
};
