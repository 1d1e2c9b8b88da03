import type { HandlerResult } from './method-handler.js';
import type { HttpRefusal } from './responses.js';
import { WireErrorCode } from './wire-error.js';

/** Why a request was not authenticated. */
export type AuthFailure = 'missing' | 'invalid' | 'expired';

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function challenge(params: Array<[string, string | undefined]>): string {
  const parts = params
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${quote(value as string)}`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * 401 for a request without a usable token: `WWW-Authenticate: Bearer resource_metadata="…",
 * scope="…"`; an invalid or expired token adds `error="invalid_token"` (RFC 6750 §3.1). The body is
 * a JSON-RPC error without id (the status is what clients act on).
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export function unauthorized(
  failure: AuthFailure,
  resourceMetadataUrl: string | undefined,
  scopes: readonly string[],
): HttpRefusal {
  const description =
    failure === 'expired'
      ? 'The access token expired'
      : failure === 'invalid'
        ? 'The access token is not valid for this resource'
        : undefined;
  const header = challenge([
    ['error', failure === 'missing' ? undefined : 'invalid_token'],
    ['error_description', description],
    ['resource_metadata', resourceMetadataUrl],
    ['scope', scopes.length > 0 ? scopes.join(' ') : undefined],
  ]);
  return {
    status: 401,
    code: WireErrorCode.InvalidRequest,
    message: `Unauthorized: ${description ?? 'a bearer token is required'}`,
    headers: { 'WWW-Authenticate': header },
  };
}

/**
 * 403 step-up for an operation needing more scope: `WWW-Authenticate: Bearer
 * error="insufficient_scope", scope="<every scope the operation needs>", resource_metadata="…",
 * error_description="…"` (modern: one challenge with all needed scopes).
 * @see ../shared/spec/mcp-discovery-spec.md §6 (Runtime step-up)
 */
export function insufficientScope(
  scopes: readonly string[],
  resourceMetadataUrl: string | undefined,
  what: string,
): Extract<HandlerResult, { kind: 'error' }> {
  const description = `${what} needs the scope(s): ${scopes.join(' ')}`;
  return {
    kind: 'error',
    code: WireErrorCode.InvalidRequest,
    message: `Forbidden: insufficient_scope: ${description}`,
    httpStatus: 403,
    headers: {
      'WWW-Authenticate': challenge([
        ['error', 'insufficient_scope'],
        ['scope', scopes.join(' ')],
        ['resource_metadata', resourceMetadataUrl],
        ['error_description', description],
      ]),
    },
  };
}
