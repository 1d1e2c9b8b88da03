import { ToolshiftError } from '../errors/toolshift-error.js';
import { stringifyWithExactIds } from '../exchange/exact-integer-id.js';
import { MAX_NESTING_DEPTH, textNestsDeeperThan } from '../exchange/nesting-depth.js';
import type { AdminApi } from './admin-api.js';

/** One admin HTTP request, as any HTTP layer (express, msw) hands it over. */
export interface AdminRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path below the admin prefix, e.g. `/transcript/wait`. */
  path: string;
  query: URLSearchParams;
  /** Raw body text (`''` when none). */
  body: string;
  /** The `Accept` header (`''` when none). */
  accept: string;
}

/** An admin HTTP answer. */
export interface AdminAnswer {
  status: number;
  contentType: string;
  body: string;
  /** Extra headers (e.g. `Allow` on a 405). */
  headers?: Record<string, string>;
}

/** A handler for one method of one admin resource. */
export type AdminHandler = (api: AdminApi, request: AdminRequest) => Promise<AdminAnswer>;

/** One admin resource: a path, its handlers by HTTP method, and the query parameters its GET takes. */
export interface AdminResource {
  path: string;
  methods: Partial<Record<'GET' | 'POST', AdminHandler>>;
  /**
   * The query parameters its `GET` takes; the router refuses any other (400 ADMIN_REQUEST_INVALID),
   * on every route, so a route cannot forget to. A `POST` takes none (its parameters are in the body).
   */
  getQuery?: readonly string[];
}

/** A JSON answer. */
export function json(status: number, value: unknown): AdminAnswer {
  return { status, contentType: 'application/json', body: stringifyWithExactIds(value) };
}

/**
 * Reads a JSON request body (`{}` when empty).
 * @throws {ToolshiftError} ADMIN_REQUEST_INVALID when it is not JSON, or nests deeper than {@link MAX_NESTING_DEPTH}.
 */
export function readJsonBody(request: AdminRequest): unknown {
  if (request.body.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(request.body);
  } catch (error) {
    throw invalidRequest(`the body is not JSON (${(error as Error).message})`);
  }
  if (textNestsDeeperThan(request.body))
    throw invalidRequest(`the body nests deeper than ${MAX_NESTING_DEPTH} levels`);
  return value;
}

/**
 * Refuses query parameters other than `known` (a typo must not silently widen a filter or a wait).
 * @throws {ToolshiftError} ADMIN_REQUEST_INVALID naming the first unknown parameter.
 */
export function rejectUnknownQuery(query: URLSearchParams, known: readonly string[]): void {
  for (const name of query.keys()) {
    if (!known.includes(name))
      throw invalidRequest(`unknown query parameter '${name}'; known: ${known.join(', ')}`);
  }
}

/**
 * Refuses JSON body fields other than `known`.
 * @throws {ToolshiftError} ADMIN_REQUEST_INVALID naming the first unknown field, or when the body is not an object.
 */
export function readJsonObject(request: AdminRequest, known: readonly string[]): Record<string, unknown> {
  const body = readJsonBody(request);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('the body must be a JSON object');
  for (const name of Object.keys(body)) {
    if (!known.includes(name))
      throw invalidRequest(`unknown body field '${name}'; known: ${known.join(', ')}`);
  }
  return body as Record<string, unknown>;
}

/**
 * Reads an optional number from a query parameter or a JSON field.
 * @throws {ToolshiftError} ADMIN_REQUEST_INVALID when present but not a finite number.
 */
export function readNumber(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number))
    throw invalidRequest(`${name} must be a number, got ${JSON.stringify(value)}`);
  return number;
}

/** An ADMIN_REQUEST_INVALID error. */
export function invalidRequest(reason: string): ToolshiftError {
  return new ToolshiftError('ADMIN_REQUEST_INVALID', `Admin API request is invalid: ${reason}.`, { reason });
}
