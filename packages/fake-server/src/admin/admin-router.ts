import { isToolshiftError } from '../errors/toolshift-error.js';
import type { AdminApi } from './admin-api.js';
import {
  type AdminAnswer,
  type AdminRequest,
  type AdminResource,
  json,
  rejectUnknownQuery,
} from './admin-route.js';
import { clockResource } from './routes/clock.js';
import { resetResource } from './routes/reset.js';
import { statusResource } from './routes/status.js';
import { stepsResource } from './routes/steps.js';
import { transcriptResource, transcriptWaitResource } from './routes/transcript.js';

/** Default path prefix of the admin API, kept off the MCP endpoint. */
export const DEFAULT_ADMIN_PATH = '/__toolshift';

/** Every admin resource; a new resource is one file under `routes/` plus one line here. */
const RESOURCES: readonly AdminResource[] = [
  statusResource,
  stepsResource,
  transcriptResource,
  transcriptWaitResource,
  clockResource,
  resetResource,
];

/** HTTP status for each error code the admin API answers with. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  ADMIN_REQUEST_INVALID: 400,
  ADMIN_FORBIDDEN: 403,
  ADMIN_UNAUTHORIZED: 401,
  ADMIN_UNSUPPORTED_MEDIA_TYPE: 415,
  ADMIN_STEP_REJECTED: 400,
  SCRIPT_UNKNOWN_STEP: 404,
  STEP_FAILED: 409,
  WAIT_TIMED_OUT: 408,
  ADMIN_INTERNAL_ERROR: 500,
};

/**
 * Routes one admin request to its resource (after `adminGuard` let it through). Never rejects;
 * every error body is `{ "error": { "code", "message", "data" } }` with a stable code: an unknown
 * path is 404, a wrong method 405 (with `Allow`), a GET with a query parameter its resource does not
 * take 400, and a POST with a query string 400 (its body carries the parameters; a filter in the
 * query would be dropped), all ADMIN_REQUEST_INVALID; a toolshift error gets its mapped status;
 * anything else is 500 ADMIN_INTERNAL_ERROR.
 */
export async function routeAdminRequest(api: AdminApi, request: AdminRequest): Promise<AdminAnswer> {
  const path = request.path.length > 1 ? request.path.replace(/\/+$/, '') : request.path;
  const resource = RESOURCES.find((candidate) => candidate.path === path);
  if (!resource) {
    return errorAnswer(404, 'ADMIN_REQUEST_INVALID', `No admin resource at ${path}`, {
      reason: 'unknown path',
      known: RESOURCES.map((r) => r.path),
    });
  }
  const handler = resource.methods[request.method as 'GET' | 'POST'];
  if (!handler) {
    const allow = Object.keys(resource.methods).join(', ');
    return {
      ...errorAnswer(
        405,
        'ADMIN_REQUEST_INVALID',
        `${request.method} is not allowed on ${path}; use ${allow}`,
        {
          reason: 'method not allowed',
        },
      ),
      headers: { Allow: allow },
    };
  }
  const stray = request.method === 'POST' ? [...request.query.keys()][0] : undefined;
  if (stray !== undefined) {
    // A filter or option in the query of a POST would be silently dropped: refuse it instead.
    return errorAnswer(
      400,
      'ADMIN_REQUEST_INVALID',
      `Admin API request is invalid: POST ${path} takes its parameters in the JSON body, not the query string (got '${stray}'). Move them into the body.`,
      { reason: 'query parameters on a POST', parameter: stray },
    );
  }
  try {
    if (request.method === 'GET') rejectUnknownQuery(request.query, resource.getQuery ?? []);
    return await handler(api, request);
  } catch (error) {
    if (isToolshiftError(error)) {
      return errorAnswer(STATUS_BY_CODE[error.code] ?? 400, error.code, error.message, error.data);
    }
    // Not a toolshift error: a bug in the fake server.
    const reason = error instanceof Error ? error.message : String(error);
    return errorAnswer(500, 'ADMIN_INTERNAL_ERROR', `Admin API failed: ${reason}`, { reason });
  }
}

/** An admin error answer: `{ "error": { "code", "message", "data" } }` with `status`. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  data: Record<string, unknown>,
): AdminAnswer {
  return json(status, { error: { code, message, data } });
}
