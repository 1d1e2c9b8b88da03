import type { WireRequest } from '../../exchange/wire-request.js';
import { checkPostAccept } from '../post-accept.js';
import type { HttpRefusal } from '../responses.js';
import { WireErrorCode } from '../wire-error.js';

/**
 * Legacy Streamable HTTP rules (2025-11-25 §Streamable HTTP): JSON bodies only, and a POST must
 * accept JSON and SSE (406); a session header on every request after `initialize` (400 when
 * missing, 404 when unknown or ended); GET needs
 * `Accept: text/event-stream` (or is refused with 405 when the script offers no GET stream);
 * `MCP-Protocol-Version` must match the negotiated version.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2
 */
export const legacyHttpRules = {
  checkPostBody(request: WireRequest): HttpRefusal | undefined {
    if (request.transport !== 'http' && request.transport !== 'msw') return undefined;
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

  missingSession(): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message: 'Bad Request: Mcp-Session-Id header is required',
    };
  },

  /** `initialize` params missing what the schema requires: 400 + -32602, and no session. */
  invalidInitialize(problem: string): HttpRefusal {
    return { status: 400, code: WireErrorCode.InvalidParams, message: `Invalid params: ${problem}` };
  },

  /** A second `initialize` on a session that is still live (its id in the header, or the same connection). */
  alreadyInitialized(): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message:
        'Invalid Request: this session is already initialized; end it (DELETE) or start a new one without its id',
    };
  },

  notInitialized(): HttpRefusal {
    return { status: 400, code: WireErrorCode.InvalidRequest, message: 'Server not initialized' };
  },

  /**
   * Before `initialize` on a stdio (or in-memory) connection, a method 2025-11-25 does not have
   * (`server/discover` from a client probing for 2026-07-28): -32601, as the official TypeScript
   * SDK server answers it, rather than "not initialized" (§1.4: any error means legacy).
   */
  unknownBeforeInitialize(method: string): HttpRefusal {
    return { status: 400, code: WireErrorCode.MethodNotFound, message: `Method not found: ${method}` };
  },

  /**
   * A session id outside visible ASCII (0x21–0x7E; two headers joined by `, ` included): never a
   * session this server issued, and never echoed back: 400 + -32600.
   */
  invalidSessionId(): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message: 'Bad Request: Mcp-Session-Id must be one token of visible ASCII characters (0x21-0x7E)',
    };
  },

  /** Whether a session id header is one token of visible ASCII (§5.2: session ids MUST be). */
  isVisibleAscii(sessionId: string): boolean {
    return /^[\x21-\x7E]+$/.test(sessionId);
  },

  unknownSession(): HttpRefusal {
    return { status: 404, code: WireErrorCode.InvalidRequest, message: 'Session not found' };
  },

  checkVersionHeader(request: WireRequest, negotiated: string): HttpRefusal | undefined {
    const header = request.headers['mcp-protocol-version'];
    if (header === undefined || header === negotiated) return undefined;
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message: `Bad Request: MCP-Protocol-Version ${header} does not match the negotiated version ${negotiated}`,
    };
  },

  checkGetAccept(request: WireRequest): HttpRefusal | undefined {
    const accept = request.headers.accept ?? '';
    if (accept.includes('text/event-stream')) return undefined;
    return {
      status: 406,
      code: WireErrorCode.InvalidRequest,
      message: 'Not Acceptable: GET needs Accept: text/event-stream',
    };
  },

  streamConflict(): HttpRefusal {
    return {
      status: 409,
      code: WireErrorCode.InvalidRequest,
      message: 'Conflict: this session already has a GET stream',
    };
  },

  methodNotAllowed(): HttpRefusal {
    return {
      status: 405,
      code: WireErrorCode.InvalidRequest,
      message: 'Method not allowed',
      headers: { Allow: 'GET, POST, DELETE' },
    };
  },

  /** The answer to GET when the script offers no standalone stream (`streams.getStream: refuse`). */
  getRefused(): HttpRefusal {
    return {
      status: 405,
      code: WireErrorCode.InvalidRequest,
      message: 'Method not allowed: this server offers no standalone GET stream',
      headers: { Allow: 'POST, DELETE' },
    };
  },

  /**
   * A non-`initialize` request answered by a server claiming not to speak the session's version
   * (the `version-mismatch` fault): 400, as for an unsupported `MCP-Protocol-Version`.
   */
  unsupportedVersion(requested: string): HttpRefusal {
    return {
      status: 400,
      code: WireErrorCode.InvalidRequest,
      message: `Bad Request: Unsupported protocol version ${requested}`,
    };
  },
} as const;
