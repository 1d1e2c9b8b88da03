import type { EventStream, FakeServer, StreamEvent, WireResponse } from '@toolshift/fake-server';

/**
 * Where the in-process transport waits for permission to deliver: every request reaching the
 * server, every response reaching the client and every stream event is one gate, released in the
 * order a scheduler chooses.
 */
export interface DeliveryGate {
  /** Resolves when the delivery named `label` may happen. */
  pass(label: string): Promise<void>;
}

type Fetch = typeof globalThis.fetch;

function eventText(event: StreamEvent): string {
  const lines = [
    ...(event.eventId !== undefined ? [`id: ${event.eventId}`] : []),
    ...(event.retryMs !== undefined ? [`retry: ${event.retryMs}`] : []),
    ...event.data.split('\n').map((line) => `data: ${line}`),
  ];
  return `${lines.join('\n')}\n${event.unterminated ? '' : '\n'}`;
}

function methodOf(body: string | undefined): string {
  if (!body) return '';
  try {
    const message = JSON.parse(body) as { method?: unknown; id?: unknown };
    if (typeof message.method === 'string') return message.method;
    return message.id !== undefined ? 'response' : '?';
  } catch {
    return 'unparseable';
  }
}

/**
 * A `fetch` that serves a fake server in the same process through `server.handle()`, with no
 * socket: the same statuses, headers and SSE streams a client sees over HTTP, but every delivery
 * passes a {@link DeliveryGate}, so a scheduler (fast-check's) decides the interleaving of
 * requests, responses and stream events. Stream events keep their order within a stream.
 * (Semantically the fake server's msw transport plus a gate at each delivery.)
 */
export function createInProcessFetch(server: FakeServer, gate: DeliveryGate): Fetch {
  let exchanges = 0;
  return async (input, init) => {
    const request = await readRequest(input, init);
    const { signal, body } = request;
    const n = ++exchanges;
    const what = `${request.method} ${methodOf(body)}`.trim();
    await gate.pass(`send#${n} ${what}`);
    signal?.throwIfAborted();
    const response: WireResponse = await server.handle({
      transport: 'msw',
      httpMethod: request.method,
      headers: request.headers,
      endpointUrl: request.url,
      ...(body !== undefined && body !== '' ? { body } : {}),
    });
    await gate.pass(`recv#${n} ${response.status} ${what}`);
    const reply = response.reply;
    if (reply.kind === 'stream' && signal?.aborted) reply.stream.detach();
    signal?.throwIfAborted();
    const { status, headers } = response;
    switch (reply.kind) {
      case 'empty':
        return new Response(null, { status, headers });
      case 'message':
        return new Response(JSON.stringify(reply.message), {
          status,
          headers: withContentType(headers, 'application/json'),
        });
      case 'raw':
        return new Response(reply.body, { status, headers: withContentType(headers, reply.contentType) });
      case 'stream':
        signal?.addEventListener('abort', () => reply.stream.detach(), { once: true });
        return new Response(gatedStream(reply.stream, gate, n), { status, headers });
    }
  };
}

/** `headers` with `content-type` set to `type` (replacing one of any case), as `Headers.set` would. */
function withContentType(headers: Record<string, string>, type: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() !== 'content-type') out[name] = value;
  out['content-type'] = type;
  return out;
}

/** What the fake server needs of one request: method, lower-cased headers, URL, text body, and the caller's signal. */
interface RequestParts {
  method: string;
  headers: Record<string, string>;
  url: string;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

/** The methods `new Request` upper-cases (Fetch standard, "normalize a method"). */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * The parts of a `fetch(input, init)` call. A URL without credentials, a standard method and a
 * string body or none (what fetch-based MCP clients send) is read directly, as `new Request(input,
 * init)` would read it, without building a Request and its body stream (a fifth of a schedule's
 * harness time); anything else (and every call `Request` refuses) goes through `Request`.
 */
async function readRequest(
  input: Parameters<Fetch>[0],
  init: RequestInit | undefined,
): Promise<RequestParts> {
  const method = (init?.method ?? 'GET').toUpperCase();
  const bodyless = method === 'GET' || method === 'HEAD';
  const url = typeof input === 'string' ? URL.parse(input) : input instanceof URL ? input : null;
  const plain =
    url !== null &&
    url.username === '' &&
    url.password === '' &&
    NORMALIZED_METHODS.has(method) &&
    (init?.body === undefined || init.body === null || (typeof init.body === 'string' && !bodyless)) &&
    (typeof init?.body !== 'string' || wellFormed(init.body));
  if (!plain) {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return {
      method: request.method,
      headers,
      url: request.url,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text(),
      // The caller's own signal: a Request's copy follows it only while the Request is reachable (a WeakRef).
      signal: init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? request.signal,
    };
  }
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return {
    method,
    headers,
    url: url.href,
    body: bodyless ? undefined : ((init?.body as string | null | undefined) ?? ''),
    signal: init?.signal ?? undefined,
  };
}

/** True when `text` has no lone surrogate, so its UTF-8 round trip (what `Request.text()` does) returns it unchanged. */
function wellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** An SSE body whose every event (and its end) waits for its gate, in stream order. */
function gatedStream(stream: EventStream, gate: DeliveryGate, exchange: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let chain = Promise.resolve();
  let closed = false;
  let events = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stream.attach({
        write: (event) => {
          const k = ++events;
          chain = chain
            .then(() => gate.pass(`event#${exchange}.${k} ${stream.streamId}`))
            .then(() => {
              if (!closed) controller.enqueue(encoder.encode(eventText(event)));
            });
        },
        end: (mode) => {
          chain = chain
            .then(() => gate.pass(`end#${exchange} ${stream.streamId} ${mode}`))
            .then(() => {
              if (closed) return;
              closed = true;
              if (mode === 'drop')
                controller.error(new TypeError('terminated: the fake server dropped the stream'));
              else controller.close();
            });
        },
      });
    },
    cancel() {
      closed = true;
      stream.detach();
    },
  });
}
