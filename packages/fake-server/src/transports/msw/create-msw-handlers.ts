import { type HttpHandler, http } from 'msw';
import type { AdminApi } from '../../admin/admin-api.js';
import { adminGuard } from '../../admin/admin-guard.js';
import type { AdminAnswer } from '../../admin/admin-route.js';
import { routeAdminRequest } from '../../admin/admin-router.js';
import { createLocalAdmin } from '../../admin/local-admin.js';
import { LOOPBACK_HOSTS } from '../../exchange/allowed-hosts.js';
import type { EventStream } from '../../exchange/event-stream.js';
import { messageBytes } from '../../exchange/message-bytes.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import type { FakeServer } from '../../fake-server.js';
import { sseEventText } from '../sse-event-text.js';
import {
  decodeUtf8,
  INVALID_UTF8_STATUS,
  invalidUtf8Error,
  OVERSIZE_BODY_STATUS,
  oversizeBodyError,
} from '../transport-refusal.js';
import { mswDescriptor } from './msw-descriptor.js';
import { urlPattern } from './url-pattern.js';

/** Options for {@link createMswHandlers}. */
export interface MswHandlersOptions {
  /** The MCP endpoint URL the handlers answer, e.g. `http://127.0.0.1:1/mcp` (nothing listens there). */
  url: string;
  /**
   * Path prefix of the admin API on the same origin (default `/__toolshift`); `false` leaves the
   * admin API out.
   */
  adminPath?: string | false;
  /** Largest accepted request body, bytes (default 4 MiB); larger bodies get 413 + -32600. */
  maxBodyBytes?: number;
  /** Require `Authorization: Bearer <token>` on every admin request (see `adminGuard`). Default: none. */
  adminToken?: string;
}

/**
 * msw 2.x request handlers that serve a fake server with no port: a fetch-based client in the same
 * process (e.g. the SDK's `StreamableHTTPClientTransport`) reaches it through msw's interception,
 * with the same status codes, headers and SSE streams as the HTTP transport. Install them with
 * `setupServer(...createMswHandlers(server, { url }))` from `msw/node`. The RFC 9728 metadata is
 * answered at `/.well-known/oauth-protected-resource[<path>]` on the same origin.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the script injects a fault msw cannot produce.
 * @see ../shared/spec/mcp-discovery-spec.md §5
 */
export function createMswHandlers(server: FakeServer, options: MswHandlersOptions): HttpHandler[] {
  server.attachTransport(mswDescriptor);
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const handlers: HttpHandler[] = [
    http.all(urlPattern(options.url, { subtree: false }), async ({ request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      // fetch adds `Accept: */*` when the caller set none, but only on its way to the network (Fetch
      // standard, "fetching"), which an intercepted request never takes: add it as the wire would carry it.
      headers.accept ??= '*/*';
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > maxBodyBytes) {
        const refusal: WireResponse = {
          status: OVERSIZE_BODY_STATUS,
          headers: {},
          reply: { kind: 'message', message: oversizeBodyError(maxBodyBytes, bytes.byteLength) },
        };
        server.recordRefusal(
          { transport: 'msw', httpMethod: request.method, headers },
          refusal,
          `body of ${bytes.byteLength} bytes not read: over the ${maxBodyBytes}-byte limit`,
        );
        return toFetchResponse(refusal, request);
      }
      const body = bytes.byteLength > 0 ? decodeUtf8(bytes) : undefined;
      if (bytes.byteLength > 0 && body === undefined) {
        const refusal: WireResponse = {
          status: INVALID_UTF8_STATUS,
          headers: {},
          reply: { kind: 'message', message: invalidUtf8Error() },
        };
        server.recordRefusal(
          { transport: 'msw', httpMethod: request.method, headers },
          refusal,
          `body of ${bytes.byteLength} bytes not read: not valid UTF-8`,
        );
        return toFetchResponse(refusal, request);
      }
      const response = await server.handle({
        transport: 'msw',
        httpMethod: request.method,
        headers,
        endpointUrl: options.url,
        ...(body !== undefined ? { body } : {}),
      });
      return toFetchResponse(response, request);
    }),
  ];
  const endpoint = new URL(options.url);
  const metadataPath = '/.well-known/oauth-protected-resource';
  for (const path of [metadataPath, `${metadataPath}${endpoint.pathname}`]) {
    handlers.push(
      http.get(urlPattern(`${endpoint.origin}${path}`, { subtree: false }), () => {
        const document = server.protectedResourceMetadata(options.url);
        return Response.json(document ?? { error: 'not_found' }, { status: document ? 200 : 404 });
      }),
    );
  }
  const adminPath = options.adminPath ?? '/__toolshift';
  if (adminPath !== false) {
    const admin: AdminApi = createLocalAdmin(server);
    const prefix = new URL(adminPath, options.url);
    // The same guard as every admin listener; the handlers' own origin is an allowed host besides loopback.
    const guard = adminGuard({
      allowedHosts: [...LOOPBACK_HOSTS, endpoint.hostname],
      token: options.adminToken,
    });
    handlers.push(
      http.all(urlPattern(`${prefix.origin}${prefix.pathname}`, { subtree: true }), async ({ request }) => {
        const url = new URL(request.url);
        const refusal = guard({
          method: request.method,
          // An intercepted request has no Host header of its own unless the caller set one.
          host: request.headers.get('host') ?? url.host,
          origin: request.headers.get('origin') ?? undefined,
          contentType: request.headers.get('content-type') ?? undefined,
          authorization: request.headers.get('authorization') ?? undefined,
        });
        if (refusal) return adminResponse(refusal);
        const text = await request.text();
        const answer = await routeAdminRequest(admin, {
          method: request.method,
          path: url.pathname.slice(prefix.pathname.length),
          query: url.searchParams,
          body: text,
          accept: request.headers.get('accept') ?? '',
        });
        return adminResponse(answer);
      }),
    );
  }
  return handlers;
}

function adminResponse(answer: AdminAnswer): Response {
  return new Response(answer.status === 204 ? null : answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.contentType, ...answer.headers },
  });
}

/** The fetch `Response` for a server answer to `request` (a stream reply stays tied to it: see {@link sseBody}). */
function toFetchResponse(response: WireResponse, request: Request): Response {
  const headers = new Headers(response.headers);
  const reply = response.reply;
  switch (reply.kind) {
    case 'empty':
      return new Response(null, { status: response.status, headers });
    case 'message':
      headers.set('content-type', 'application/json');
      return new Response(messageBytes(reply.message), { status: response.status, headers });
    case 'raw':
      headers.set('content-type', reply.contentType);
      return new Response(reply.body, { status: response.status, headers });
    case 'stream':
      return new Response(sseBody(reply.stream, request), { status: response.status, headers });
  }
}

/**
 * An SSE body answering `request`: events as they are written; `graceful` closes it, `drop` errors
 * it (a reset, for fetch) once every event written before the drop has been read, as a reset socket delivers the
 * bytes already sent before the error (erroring a `ReadableStream` discards what it still queues,
 * which would lose e.g. the priming event whose id a client resumes from with `Last-Event-ID`).
 * Chunks are handed out on pull, so nothing sits in the stream's own queue when it ends.
 */
function sseBody(stream: EventStream, request: Request): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // The client aborting its fetch is how an HTTP client closes the stream. The intercepted
  // request's signal follows the client's through a weak reference (undici), so the sink below
  // holds the request for as long as the stream lives: were it garbage-collected, the abort would
  // never arrive and the server would keep a stream the client has closed.
  const onAbort = () => stream.detach();
  request.signal.addEventListener('abort', onAbort, { once: true });
  const queued: Uint8Array[] = [];
  let ended: 'graceful' | 'drop' | undefined;
  let cancelled = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  return new ReadableStream<Uint8Array>(
    {
      start() {
        stream.attach({
          write: (event) => {
            queued.push(encoder.encode(sseEventText(event)));
            poke();
          },
          end: (mode) => {
            request.signal.removeEventListener('abort', onAbort);
            ended = mode;
            poke();
          },
        });
      },
      async pull(controller) {
        while (queued.length === 0 && ended === undefined && !cancelled) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        if (cancelled) return;
        const next = queued.shift();
        if (next) controller.enqueue(next);
        else if (ended === 'drop')
          controller.error(new TypeError('terminated: the fake server dropped the stream'));
        else controller.close();
      },
      cancel() {
        cancelled = true;
        poke();
        stream.detach();
      },
    },
    { highWaterMark: 0 },
  );
}
