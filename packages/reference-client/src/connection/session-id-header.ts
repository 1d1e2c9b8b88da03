import { ClassifiedError } from '../errors/classified-error.js';

/** The Streamable HTTP session header (legacy era). */
const SESSION_HEADER = 'mcp-session-id';

/** What a session id may hold: visible ASCII, 0x21–0x7E (no space, no control, nothing above 0x7E). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Refuses a response whose `Mcp-Session-Id` is not visible ASCII (the spec's rule for session ids:
 * 0x21–0x7E), before the SDK stores it and sends it back on every request: `abc\xff\xfe`, an empty
 * id, or two headers a fetch joins as `one, two` (the comma and space are the join). The body is
 * cancelled.
 * @throws {ClassifiedError} `malformed-response`, reason `invalid-session-id`.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2 (sessions)
 */
export async function refuseInvalidSessionId(response: Response): Promise<Response> {
  const id = response.headers.get(SESSION_HEADER);
  if (id === null || VISIBLE_ASCII.test(id)) return response;
  await response.body?.cancel().catch(() => {});
  throw new ClassifiedError({
    kind: 'malformed-response',
    reason: 'invalid-session-id',
    message: `the server sent an Mcp-Session-Id outside visible ASCII (0x21–0x7E): ${JSON.stringify(id.slice(0, 80))}; it is never sent back`,
    httpStatus: response.status,
  });
}
