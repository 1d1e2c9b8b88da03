/**
 * Why a discovery or call failed, in the categories a host shows a user. "Empty list" is never a
 * failure: a server that lists no tools is `ready` with an empty snapshot.
 *
 * - `network-unreachable`: connection refused/reset, DNS, a stream dropped mid-response;
 * - `auth-expired`: HTTP 401 (token invalid or expired: reason `http-401`; no token configured:
 *   reason `no-credentials`);
 * - `permission-denied`: HTTP 403 (insufficient scope, forbidden);
 * - `protocol-mismatch`: no mutually supported protocol revision, era negotiation failed;
 * - `malformed-response`: unparseable JSON, a result that is not a valid `tools/list` result, an
 *   invalid cursor (-32602) the client did not invent;
 * - `server-bug`: HTTP 5xx, -32603, a pagination chain that does not terminate (repeated cursor, page cap);
 * - `rate-limit`: HTTP 429;
 * - `unsupported-operation`: the server has no `tools` capability, -32601;
 * - `timeout`: no answer within the request timeout or the listing deadline;
 * - `limit-exceeded`: a response or listing bigger than the configured byte or tool caps.
 */
export type FailureKind =
  | 'network-unreachable'
  | 'auth-expired'
  | 'permission-denied'
  | 'protocol-mismatch'
  | 'malformed-response'
  | 'server-bug'
  | 'rate-limit'
  | 'unsupported-operation'
  | 'timeout'
  | 'limit-exceeded';

/** Every {@link FailureKind}, for exhaustive tables and tests. */
export const FAILURE_KINDS: readonly FailureKind[] = [
  'network-unreachable',
  'auth-expired',
  'permission-denied',
  'protocol-mismatch',
  'malformed-response',
  'server-bug',
  'rate-limit',
  'unsupported-operation',
  'timeout',
  'limit-exceeded',
];

/**
 * A classified failure. `reason` is a finer, stable machine code (e.g. `repeated-cursor`,
 * `page-cap`, `byte-cap`, `http-503`, `json-rpc--32602`); `message` is for people.
 */
export interface DiscoveryFailure {
  kind: FailureKind;
  reason: string;
  message: string;
  /** HTTP status when one was seen. */
  httpStatus?: number;
  /** JSON-RPC error code when the server sent one. */
  rpcCode?: number;
  /** When the failure was recorded (host clock, epoch ms). */
  atMs: number;
}
