import type { TranscriptQuery } from '../admin-api.js';
import {
  type AdminRequest,
  type AdminResource,
  invalidRequest,
  json,
  readJsonObject,
  readNumber,
} from '../admin-route.js';
import { FRAME_FILTER_FIELDS, type FrameFilter } from '../frame-filter.js';

const JSONL_TYPES = ['application/jsonl', 'application/x-ndjson', 'application/x-jsonlines'];

/**
 * `GET /transcript`: frames as `{ "frames": [...], "lastSeq": N }`, or JSON Lines with
 * `?format=jsonl` (or `Accept: application/jsonl`). Query: `afterSeq`, `limit`, and any
 * {@link FrameFilter} field (`direction`, `kind`, `method`, …); any other parameter is 400.
 */
export const transcriptResource: AdminResource = {
  path: '/transcript',
  getQuery: ['afterSeq', 'limit', 'format', ...FRAME_FILTER_FIELDS],
  methods: {
    GET: async (api, request) => {
      const query = transcriptQuery(request);
      const wantsJsonl =
        request.query.get('format') === 'jsonl' || JSONL_TYPES.some((type) => request.accept.includes(type));
      if (wantsJsonl) {
        return { status: 200, contentType: 'application/jsonl', body: await api.transcriptJsonl(query) };
      }
      return json(200, await api.transcript(query));
    },
  },
};

/**
 * `GET /transcript/wait?method=…&timeoutMs=…&afterSeq=…` or `POST /transcript/wait` with
 * `{ "filter": {…}, "timeoutMs": N, "afterSeq": N }`: a long-poll that answers 200 with
 * `{ "frame": … }` as soon as a frame (past or future) matches, or 408 WAIT_TIMED_OUT. An unknown
 * query parameter or body field is 400 ADMIN_REQUEST_INVALID (a misspelt filter would match anything).
 */
export const transcriptWaitResource: AdminResource = {
  path: '/transcript/wait',
  getQuery: ['timeoutMs', 'afterSeq', ...FRAME_FILTER_FIELDS],
  methods: {
    GET: async (api, request) => {
      const timeoutMs = readNumber(request.query.get('timeoutMs'), 'timeoutMs');
      const afterSeq = readNumber(request.query.get('afterSeq'), 'afterSeq');
      const frame = await api.waitFor(filterFromQuery(request.query), {
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(afterSeq !== undefined ? { afterSeq } : {}),
      });
      return json(200, { frame });
    },
    POST: async (api, request) => {
      const body = readJsonObject(request, ['filter', 'timeoutMs', 'afterSeq']);
      const timeoutMs = readNumber(body.timeoutMs, 'timeoutMs');
      const afterSeq = readNumber(body.afterSeq, 'afterSeq');
      const frame = await api.waitFor(filterFromJson(body.filter), {
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(afterSeq !== undefined ? { afterSeq } : {}),
      });
      return json(200, { frame });
    },
  },
};

function transcriptQuery(request: AdminRequest): TranscriptQuery {
  const afterSeq = readNumber(request.query.get('afterSeq'), 'afterSeq');
  const limit = readNumber(request.query.get('limit'), 'limit');
  const filter = filterFromQuery(request.query);
  return {
    ...(afterSeq !== undefined ? { afterSeq } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

/**
 * A {@link FrameFilter} from query parameters: `httpStatus` is a number; `messageId` is a number
 * when it is an integer literal, else a string.
 */
function filterFromQuery(query: URLSearchParams): FrameFilter {
  const filter: Record<string, unknown> = {};
  for (const field of FRAME_FILTER_FIELDS) {
    const value = query.get(field);
    if (value === null) continue;
    if (field === 'httpStatus') filter[field] = readNumber(value, field);
    else if (field === 'messageId') filter[field] = /^-?\d+$/.test(value) ? Number(value) : value;
    else filter[field] = value;
  }
  return filter as FrameFilter;
}

/** A {@link FrameFilter} sent as JSON: only known fields, with the right types. */
function filterFromJson(value: unknown): FrameFilter {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidRequest('filter must be an object');
  for (const [key, field] of Object.entries(value)) {
    if (!(FRAME_FILTER_FIELDS as readonly string[]).includes(key)) {
      throw invalidRequest(`unknown filter field '${key}'; known: ${FRAME_FILTER_FIELDS.join(', ')}`);
    }
    const ok =
      key === 'httpStatus'
        ? typeof field === 'number'
        : typeof field === 'string' || (key === 'messageId' && typeof field === 'number');
    if (!ok) throw invalidRequest(`filter field '${key}' has the wrong type`);
  }
  return value as FrameFilter;
}
