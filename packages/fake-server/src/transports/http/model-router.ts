import express, { type Request, type Response, type Router } from 'express';
import type { ModelHttpResponse, ModelProvider } from '../../model/model-provider.js';

/** Path prefixes the fake model provider answers under (OpenAI and Anthropic `/v1`, Gemini `/v1beta`, `/v1alpha`). */
export const MODEL_PATH_PREFIXES = ['/v1', '/v1beta', '/v1alpha'] as const;

/** The base URLs a host points its provider SDK at, for a model provider served at `origin`. */
export interface ModelBaseUrls {
  /** The origin itself, e.g. `http://127.0.0.1:54321` (`TOOLSHIFT_MODEL_URL`). */
  url: string;
  /** OpenAI's `baseURL` (`OPENAI_BASE_URL`): the origin plus `/v1`. */
  openai: string;
  /** Anthropic's `baseURL` (`ANTHROPIC_BASE_URL`): the origin (the SDK adds `/v1/messages`). */
  anthropic: string;
  /** Gemini's `httpOptions.baseUrl`: the origin (the SDK adds `/v1beta/models/…`). */
  gemini: string;
}

/** The provider base URLs for a model provider served at `origin` (no trailing slash). */
export function modelBaseUrls(origin: string): ModelBaseUrls {
  return { url: origin, openai: `${origin}/v1`, anthropic: origin, gemini: origin };
}

/**
 * An express router that hands every request under `/v1`, `/v1beta` and `/v1alpha` to `provider`
 * and writes its answer: JSON, or Server-Sent Events (`event:` when named, one `data:` line each).
 * @param maxBodyBytes largest accepted request body (larger bodies get 413 from express).
 */
export function modelRouter(provider: ModelProvider, maxBodyBytes: number): Router {
  const router = express.Router();
  const readBody = express.raw({ type: () => true, limit: maxBodyBytes });
  router.use(
    MODEL_PATH_PREFIXES.map((prefix) => `${prefix}`),
    readBody,
    async (req: Request, res: Response) => {
      const bytes: unknown = req.body;
      const body = Buffer.isBuffer(bytes) && bytes.length > 0 ? bytes.toString('utf8') : undefined;
      const url = new URL(req.originalUrl, 'http://model.invalid');
      const query: Record<string, string> = {};
      for (const [name, value] of url.searchParams) query[name] = value;
      const response = await provider.handle({
        method: req.method,
        path: url.pathname,
        query,
        headers: headersOf(req),
        ...(body !== undefined ? { body } : {}),
      });
      send(res, response);
    },
  );
  return router;
}

function send(res: Response, response: ModelHttpResponse): void {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if ('body' in response) {
    res.end(response.body);
    return;
  }
  res.flushHeaders();
  for (const event of response.events) {
    let text = event.event !== undefined ? `event: ${event.event}\n` : '';
    for (const line of event.data.split('\n')) text += `data: ${line}\n`;
    res.write(`${text}\n`);
  }
  res.end();
}

function headersOf(req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
