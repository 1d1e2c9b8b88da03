import {
  InsufficientScopeError,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { FetchBoundError } from '../connection/bounded-fetch.js';
import { ClassifiedError } from './classified-error.js';
import type { DiscoveryFailure, FailureKind } from './discovery-failure.js';
import { displayText } from './display-text.js';

type Classification = Omit<DiscoveryFailure, 'atMs'>;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  // A stdio server whose command cannot be spawned.
  'ENOENT',
  'EACCES',
]);

const MAX_CAUSE_DEPTH = 6;

/**
 * Classifies anything a discovery step or a call threw into a {@link DiscoveryFailure}. Walks the
 * `cause` chain; the most specific signal wins (an HTTP status or a JSON-RPC code beats a generic
 * SDK wrapper). Never throws.
 * @param atMs host clock, epoch ms.
 * @see ../shared/spec/mcp-discovery-spec.md §5 (status codes), §6 (auth)
 */
export function classifyFailure(error: unknown, atMs: number): DiscoveryFailure {
  let fallback: Classification | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth++) {
    const found = classifyOne(current);
    if (found && !found.weak) return { ...found.failure, atMs };
    if (found && !fallback) fallback = found.failure;
    current = (current as { cause?: unknown }).cause;
  }
  return {
    ...(fallback ?? { kind: 'server-bug', reason: 'unclassified', message: messageOf(error) }),
    atMs,
  };
}

/** Maps an HTTP status to a failure kind (undefined for 2xx/3xx). */
export function kindForHttpStatus(status: number): FailureKind | undefined {
  if (status === 401) return 'auth-expired';
  if (status === 403) return 'permission-denied';
  if (status === 429) return 'rate-limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413) return 'limit-exceeded';
  if (status === 404 || status === 405 || status === 501) return 'unsupported-operation';
  if (status === 400 || status === 406 || status === 415) return 'protocol-mismatch';
  return status >= 400 ? 'server-bug' : undefined;
}

/** Maps a JSON-RPC error code from a server to a failure kind. */
export function kindForRpcCode(code: number): FailureKind {
  switch (code) {
    case ProtocolErrorCode.MethodNotFound:
      return 'unsupported-operation';
    case ProtocolErrorCode.InvalidParams:
      return 'malformed-response';
    case ProtocolErrorCode.UnsupportedProtocolVersion:
    case ProtocolErrorCode.MissingRequiredClientCapability:
    case -32020: // HeaderMismatch (2026-07-28)
    case ProtocolErrorCode.ParseError:
    case ProtocolErrorCode.InvalidRequest:
      return 'protocol-mismatch';
    default:
      return 'server-bug';
  }
}

function classifyOne(value: unknown): { failure: Classification; weak: boolean } | undefined {
  const strong = (failure: Classification) => ({ failure, weak: false });
  const weak = (failure: Classification) => ({ failure, weak: true });
  if (value instanceof ClassifiedError) return strong(value.failure);
  if (value instanceof FetchBoundError) {
    const v = value.violation;
    return strong(
      v.kind === 'byte-cap'
        ? { kind: 'limit-exceeded', reason: 'byte-cap', message: value.message }
        : { kind: 'timeout', reason: 'response-deadline', message: value.message },
    );
  }
  if (value instanceof InsufficientScopeError) {
    return strong({
      kind: 'permission-denied',
      reason: 'insufficient-scope',
      message: `Server requires scope ${value.requiredScope ?? '(unspecified)'}`,
      httpStatus: 403,
    });
  }
  if (value instanceof UnauthorizedError) {
    return strong({ kind: 'auth-expired', reason: 'http-401', message: messageOf(value), httpStatus: 401 });
  }
  if (value instanceof SdkHttpError) {
    const status = value.status;
    const kind = kindForHttpStatus(status) ?? 'server-bug';
    return strong({ kind, reason: `http-${status}`, message: messageOf(value), httpStatus: status });
  }
  if (value instanceof ProtocolError) {
    return strong({
      kind: kindForRpcCode(value.code),
      reason: `json-rpc-${value.code}`,
      message: messageOf(value),
      rpcCode: value.code,
    });
  }
  if (value instanceof SdkError) return classifySdkError(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    // The server answered, but not in HTTP (bad header token, bad status line, bad chunking).
    if (value.name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'))) {
      return strong({ kind: 'malformed-response', reason: 'unparseable-headers', message: messageOf(value) });
    }
    // The server answered with headers larger than HTTP clients accept (undici: 16 KiB by default).
    if (code === 'UND_ERR_HEADERS_OVERFLOW' || value.name === 'HeadersOverflowError') {
      return strong({ kind: 'malformed-response', reason: 'header-overflow', message: messageOf(value) });
    }
    if (typeof code === 'string' && NETWORK_CODES.has(code)) {
      return strong({ kind: 'network-unreachable', reason: code.toLowerCase(), message: messageOf(value) });
    }
    if (value.name === 'TimeoutError')
      return strong({ kind: 'timeout', reason: 'aborted', message: value.message });
    if (value.name === 'SyntaxError' || value.name === 'ZodError') {
      return strong({ kind: 'malformed-response', reason: 'unparseable', message: messageOf(value) });
    }
    if (value instanceof TypeError && /fetch failed|terminated|network/i.test(value.message)) {
      return weak({ kind: 'network-unreachable', reason: 'fetch-failed', message: messageOf(value) });
    }
    if (/SSE stream disconnected|other side closed|socket hang up/i.test(value.message)) {
      return weak({ kind: 'network-unreachable', reason: 'stream-dropped', message: messageOf(value) });
    }
  }
  return undefined;
}

function classifySdkError(error: SdkError): { failure: Classification; weak: boolean } {
  const message = messageOf(error);
  const reason = error.code.toLowerCase().replaceAll('_', '-');
  const of = (kind: FailureKind, weak = false) => ({ failure: { kind, reason, message }, weak });
  switch (error.code) {
    case SdkErrorCode.RequestTimeout:
      return of('timeout');
    case SdkErrorCode.ConnectionClosed:
    case SdkErrorCode.SendFailed:
    case SdkErrorCode.NotConnected:
      return of('network-unreachable', true);
    case SdkErrorCode.InvalidResult:
    case SdkErrorCode.UnsupportedResultType:
    case SdkErrorCode.ClientHttpUnexpectedContent:
      return of('malformed-response');
    case SdkErrorCode.CapabilityNotSupported:
    case SdkErrorCode.MethodNotSupportedByProtocolVersion:
      return of('unsupported-operation');
    case SdkErrorCode.ClientHttpAuthentication:
      return of('auth-expired');
    case SdkErrorCode.ClientHttpForbidden:
      return of('permission-denied');
    case SdkErrorCode.ListPaginationExceeded:
      return of('server-bug');
    case SdkErrorCode.EraNegotiationFailed:
      // The cause (a network error, an HTTP status) is more specific when present.
      return of('protocol-mismatch', true);
    default:
      return of('server-bug', true);
  }
}

/** An error's message for a failure: it may carry what a server sent, so escaped and bounded (500 characters). */
function messageOf(error: unknown): string {
  return displayText(error instanceof Error ? error.message : String(error), 500);
}
