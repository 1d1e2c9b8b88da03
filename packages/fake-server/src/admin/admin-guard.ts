import { createHash, timingSafeEqual } from 'node:crypto';
import { hostHeaderName, isAllowedHost, LOOPBACK_HOSTS, originHostName } from '../exchange/allowed-hosts.js';
import type { AdminAnswer } from './admin-route.js';
import { errorAnswer } from './admin-router.js';

/** Environment variable `toolshift serve` reads the admin token from when `--admin-token` is not given. */
export const ADMIN_TOKEN_ENV = 'TOOLSHIFT_ADMIN_TOKEN';

/** Who may use an admin listener. */
export interface AdminGuardOptions {
  /**
   * Host names (no port) accepted in `Host`; `false` leaves `Host` unchecked (a server bound to a
   * non-loopback address, e.g. in a container). An `Origin`, when sent, must always name one of these
   * hosts, or a loopback host when `false`: `Origin: null` never passes.
   */
  allowedHosts: readonly string[] | false;
  /** When set, every request must carry `Authorization: Bearer <token>` (compared in constant time). */
  token?: string | undefined;
}

/** The request headers the guard reads (lower-case names, as node and fetch give them). */
export interface AdminGuardRequest {
  /** HTTP method, upper case. */
  method: string;
  host: string | undefined;
  origin: string | undefined;
  contentType: string | undefined;
  authorization: string | undefined;
}

/**
 * The one guard in front of every admin listener (the HTTP transport's admin routes, the standalone
 * admin server of `serve --stdio --admin-port`, the msw handlers' admin routes). It runs before the
 * body is read and answers in the admin API's own shape, `{ "error": { "code", "message", "data" } }`:
 * - 403 `ADMIN_FORBIDDEN` when `Host` names a host outside `allowedHosts` (DNS rebinding), or an
 *   `Origin` is sent that is `null` or names any other host (a web page, a sandboxed frame, a
 *   `data:` or `file:` page: no page may drive or read the admin API);
 * - 401 `ADMIN_UNAUTHORIZED` (with `WWW-Authenticate: Bearer`) when a token is set and the request
 *   does not carry it; the comparison is over SHA-256 digests with `timingSafeEqual`, so neither the
 *   token nor its length leaks through timing;
 * - 415 `ADMIN_UNSUPPORTED_MEDIA_TYPE` for a `POST` whose `Content-Type` is not `application/json`
 *   (parameters such as `charset` aside): a cross-origin page can only send `text/plain`, form or
 *   multipart bodies without a CORS preflight, and the admin API answers no preflight.
 * Returns the refusal, or `undefined` when the request may go on to its route.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1 (Origin validation, DNS rebinding)
 */
export function adminGuard(
  options: AdminGuardOptions,
): (request: AdminGuardRequest) => AdminAnswer | undefined {
  const originHosts = options.allowedHosts === false ? [...LOOPBACK_HOSTS] : options.allowedHosts;
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (request) => {
    if (
      options.allowedHosts !== false &&
      !isAllowedHost(options.allowedHosts, hostHeaderName(request.host ?? ''))
    )
      return forbidden('Host', request.host ?? '');
    if (request.origin !== undefined && !isAllowedHost(originHosts, originHostName(request.origin)))
      return forbidden('Origin', request.origin);
    if (expected !== undefined && !carriesToken(request.authorization, expected)) {
      return {
        ...errorAnswer(
          401,
          'ADMIN_UNAUTHORIZED',
          'Admin API request refused: it needs the admin token as `Authorization: Bearer <token>` (set with --admin-token or TOOLSHIFT_ADMIN_TOKEN).',
          { reason: request.authorization === undefined ? 'no Authorization header' : 'wrong token' },
        ),
        headers: { 'WWW-Authenticate': 'Bearer realm="toolshift-admin"' },
      };
    }
    if (request.method === 'POST' && mediaType(request.contentType) !== 'application/json') {
      const contentType = request.contentType ?? '';
      return errorAnswer(
        415,
        'ADMIN_UNSUPPORTED_MEDIA_TYPE',
        `Admin API request refused: a POST must have Content-Type: application/json (got ${contentType === '' ? 'none' : JSON.stringify(contentType)}).`,
        { contentType },
      );
    }
    return undefined;
  };
}

function forbidden(header: 'Host' | 'Origin', value: string): AdminAnswer {
  return errorAnswer(
    403,
    'ADMIN_FORBIDDEN',
    `Admin API request refused: ${header} ${JSON.stringify(value)} is not allowed (only loopback clients without a web origin may use the admin API).`,
    { header, value },
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether `authorization` is `Bearer <token>` with the expected token (constant time over digests). */
function carriesToken(authorization: string | undefined, expected: Buffer): boolean {
  const match = authorization === undefined ? null : /^Bearer (.+)$/i.exec(authorization);
  // A missing or malformed header is still compared, so every refusal costs the same.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/** The media type of a `Content-Type` value, lower-cased, without parameters. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
