import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { hostHeaderName, isAllowedHost, originHostName } from '../../exchange/allowed-hosts.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import { FORBIDDEN_ORIGIN_STATUS, forbiddenOriginError } from '../transport-refusal.js';

export { LOOPBACK_HOSTS } from '../../exchange/allowed-hosts.js';

/**
 * DNS-rebinding protection (§5.1: servers MUST validate `Origin`; local servers bind to
 * localhost): a request whose `Host`, or whose `Origin` when present, names a host outside
 * `allowedHosts` gets 403 with a JSON-RPC -32600 error and never reaches the server.
 * @param allowedHosts host names (no port), e.g. `localhost`, `127.0.0.1`, `[::1]`.
 * @param onRefused called with each refusal, so the transcript records it.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1
 */
export function hostGuard(
  allowedHosts: readonly string[],
  onRefused: (req: Request, response: WireResponse, reason: string) => void = () => undefined,
) {
  const refusedHeader = hostRefusal(allowedHosts);
  return (req: Request, res: Response, next: NextFunction): void => {
    const refused = refusedHeader(req.headers);
    if (refused === undefined) next();
    else
      refuse(
        req,
        res,
        refused,
        refused === 'Host' ? (req.headers.host ?? '') : (req.headers.origin ?? ''),
        onRefused,
      );
  };
}

/**
 * The guard's rule alone: which header (`Host`, else `Origin` when present) names a host outside
 * `allowedHosts`, or `undefined` when the request may pass.
 */
export function hostRefusal(
  allowedHosts: readonly string[],
): (headers: IncomingHttpHeaders) => 'Host' | 'Origin' | undefined {
  return (headers) => {
    if (!isAllowedHost(allowedHosts, hostHeaderName(headers.host ?? ''))) return 'Host';
    // `Origin: null` (an opaque origin: a file:// page, a sandboxed frame) is let through here, on the
    // MCP endpoint; the admin API refuses it (admin/admin-guard.ts).
    const origin = headers.origin;
    if (origin !== undefined && origin !== 'null' && !isAllowedHost(allowedHosts, originHostName(origin)))
      return 'Origin';
    return undefined;
  };
}

function refuse(
  req: Request,
  res: Response,
  header: 'Host' | 'Origin',
  value: string,
  onRefused: (req: Request, response: WireResponse, reason: string) => void,
): void {
  const message = forbiddenOriginError(header, value);
  onRefused(
    req,
    { status: FORBIDDEN_ORIGIN_STATUS, headers: {}, reply: { kind: 'message', message } },
    `${header} ${value} is not allowed (DNS-rebinding guard)`,
  );
  res.status(FORBIDDEN_ORIGIN_STATUS).type('application/json').send(JSON.stringify(message));
}
