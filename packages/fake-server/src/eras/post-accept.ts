import type { WireRequest } from '../exchange/wire-request.js';
import type { HttpRefusal } from './responses.js';
import { WireErrorCode } from './wire-error.js';

/** The media types a client's POST must accept, in both eras (the server may answer with either). */
const REQUIRED_TYPES = ['application/json', 'text/event-stream'] as const;

/** `Accept` values seen to pass, so a busy endpoint parses each once (bounded: clients send few). */
const ACCEPTED = new Set<string>();
const MAX_ACCEPTED = 64;

/**
 * Checks the `Accept` header of a Streamable HTTP POST: the client MUST list both
 * `application/json` and `text/event-stream` (2025-11-25 and 2026-07-28 alike). A missing header,
 * a wildcard only, or one type missing gets 406 + -32600 naming what is missing (the official SDK
 * server also answers 406; it uses -32000). Other transports have no `Accept`: never refused.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1, §5.2
 */
export function checkPostAccept(request: WireRequest): HttpRefusal | undefined {
  if (request.transport !== 'http' && request.transport !== 'msw') return undefined;
  const accept = request.headers.accept;
  // A client sends the same Accept on every request: one that passed once passes again.
  if (accept !== undefined && ACCEPTED.has(accept)) return undefined;
  const listed = (accept ?? '').split(',').map((range) => (range.split(';')[0] ?? '').trim().toLowerCase());
  const missing = REQUIRED_TYPES.filter((type) => !listed.includes(type));
  if (missing.length === 0) {
    if (accept !== undefined && ACCEPTED.size < MAX_ACCEPTED) ACCEPTED.add(accept);
    return undefined;
  }
  return {
    status: 406,
    code: WireErrorCode.InvalidRequest,
    message: `Not Acceptable: the client must accept both application/json and text/event-stream (missing ${missing.join(' and ')})`,
  };
}
