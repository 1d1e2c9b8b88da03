import { EventSourceParserStream } from 'eventsource-parser/stream';

/** Headers a modern (2026-07-28) client sends with a request of `method`. */
export function modernHeaders(method: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...extra,
  };
}

/** The per-request `_meta` envelope of a modern request. */
export const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'toolshift-test', version: '0' },
};

/** POSTs one JSON-RPC message and returns status, headers and parsed JSON body (or text). */
export async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    json: json as Record<string, any> | undefined,
    text,
  };
}

/** Opens an SSE response and yields each event's parsed JSON data. */
export async function openSse(url: string, init: RequestInit) {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const reader = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  return {
    response,
    /** The next event's data parsed as JSON; rejects when the stream ends first. */
    async next(): Promise<Record<string, any>> {
      const { value, done } = await reader.read();
      if (done) throw new Error('SSE stream ended');
      return JSON.parse(value.data);
    },
    /** Resolves true when the stream ends (graceful), or rejects on a reset. */
    async ended(): Promise<boolean> {
      const { done } = await reader.read();
      return done;
    },
    close: () => controller.abort(),
  };
}
