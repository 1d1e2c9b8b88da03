import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ScriptAction } from '../script/actions/index.js';
import type { ScriptStep } from '../script/script-document.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type {
  AdminApi,
  AdminStatus,
  AdminWaitOptions,
  TranscriptPage,
  TranscriptQuery,
} from './admin-api.js';
import type { FrameFilter } from './frame-filter.js';

/** Options for {@link createAdminHttpClient}. */
export interface AdminHttpClientOptions {
  /** The fetch to use (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** The admin token the server requires (`--admin-token`, `TOOLSHIFT_ADMIN_TOKEN`), sent as `Authorization: Bearer`. */
  token?: string;
}

/**
 * The remote {@link AdminApi}: drives a fake server in another process through its admin HTTP API.
 * Errors keep their toolshift codes (the server sends `{ error: { code, message, data } }`), e.g.
 * ADMIN_UNAUTHORIZED when the server wants a token this client was not given.
 * @param baseUrl the admin prefix URL, e.g. `http://127.0.0.1:54321/__toolshift`.
 * @throws {ToolshiftError} TRANSPORT_FAILED (from every method) when the admin API cannot be
 *   reached or answers something that is not an admin answer; `data`: `{ transport: 'http', status?, url }`.
 */
export function createAdminHttpClient(baseUrl: string | URL, options: AdminHttpClientOptions = {}): AdminApi {
  const base = String(baseUrl).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const url = `${base}${path}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(options.token !== undefined ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch (error) {
      throw new ToolshiftError(
        'TRANSPORT_FAILED',
        `Cannot reach the toolshift admin API at ${url}: ${(error as Error).message}. Is the fake server running with its admin API on?`,
        { transport: 'http', url },
      );
    }
    if (response.ok) return response;
    const text = await response.text();
    let error: { code?: unknown; message?: unknown; data?: unknown } | undefined;
    try {
      error = (JSON.parse(text) as { error?: typeof error }).error;
    } catch {
      error = undefined;
    }
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      throw new ToolshiftError(error.code, error.message, (error.data as Record<string, unknown>) ?? {});
    }
    throw new ToolshiftError(
      'TRANSPORT_FAILED',
      `The toolshift admin API at ${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      { transport: 'http', status: response.status, url },
    );
  }

  const getJson = async <T>(path: string): Promise<T> => (await (await call('GET', path)).json()) as T;
  const postJson = async <T>(path: string, body: unknown): Promise<T> =>
    (await (await call('POST', path, body)).json()) as T;

  return {
    status: () => getJson<AdminStatus>('/status'),
    async applyStep(step: string | ScriptStep | ScriptAction): Promise<TranscriptFrame> {
      const body = typeof step === 'string' ? { stepId: step } : step;
      return (await postJson<{ frame: TranscriptFrame }>('/steps', body)).frame;
    },
    transcript: (query: TranscriptQuery = {}) => getJson<TranscriptPage>(`/transcript${queryString(query)}`),
    async transcriptJsonl(query: TranscriptQuery = {}): Promise<string> {
      return (await call('GET', `/transcript${queryString(query, { format: 'jsonl' })}`)).text();
    },
    async waitFor(filter: FrameFilter, options: AdminWaitOptions = {}): Promise<TranscriptFrame> {
      return (await postJson<{ frame: TranscriptFrame }>('/transcript/wait', { filter, ...options })).frame;
    },
    async advanceClock(ms: number): Promise<number> {
      return (await postJson<{ nowMs: number }>('/clock', { advanceMs: ms })).nowMs;
    },
    async reset(): Promise<void> {
      await call('POST', '/reset');
    },
  };
}

function queryString(query: TranscriptQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (query.afterSeq !== undefined) params.set('afterSeq', String(query.afterSeq));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  for (const [key, value] of Object.entries(query.filter ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
