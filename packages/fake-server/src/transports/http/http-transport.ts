import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DEFAULT_ADMIN_PATH } from '../../admin/admin-router.js';
import { createLocalAdmin } from '../../admin/local-admin.js';
import { isLoopbackBind } from '../../exchange/allowed-hosts.js';
import { messageChunks } from '../../exchange/message-bytes.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import type { FakeServer } from '../../fake-server.js';
import { createModelProvider, type ModelProvider } from '../../model/model-provider.js';
import { sseEventText } from '../sse-event-text.js';
import type { TransportCapabilities } from '../transport.js';
import {
  decodeUtf8,
  INVALID_UTF8_STATUS,
  invalidUtf8Error,
  OVERSIZE_BODY_STATUS,
  oversizeBodyError,
  unreadableBodyError,
} from '../transport-refusal.js';
import { mountAuthorizationRoutes } from './authorization-routes.js';
import { directEndpoint } from './direct-endpoint.js';
import { adminRouter } from './express-admin-router.js';
import { hostGuard, hostRefusal, LOOPBACK_HOSTS } from './host-guard.js';
import { httpDescriptor } from './http-descriptor.js';
import { listen } from './listen.js';
import { MODEL_PATH_PREFIXES, type ModelBaseUrls, modelBaseUrls, modelRouter } from './model-router.js';

/** Options for {@link startHttpTransport}. */
export interface HttpTransportOptions {
  /** TCP port; 0 (default) picks an ephemeral one. */
  port?: number;
  /** Bind address; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Path of the MCP endpoint; default `/mcp`. */
  path?: string;
  /** Largest accepted request body, bytes (default 4 MiB); larger bodies get 413 + -32600. */
  maxBodyBytes?: number;
  /**
   * Path prefix of the admin HTTP API (default `/__toolshift`, off the MCP endpoint); `false`
   * serves no admin API.
   */
  adminPath?: string | false;
  /**
   * Host names accepted in `Host` and `Origin` (DNS-rebinding protection, §5.1); other requests get
   * 403. Default: the loopback names (`localhost`, `127.0.0.1`, `[::1]`) when bound to loopback,
   * else no check. `false` turns the check off (the admin API still refuses any `Origin` but a
   * loopback one).
   */
  allowedHosts?: readonly string[] | false;
  /**
   * Require `Authorization: Bearer <token>` on every admin request (compared in constant time; see
   * `adminGuard`). The MCP endpoint is not affected. Default: no token.
   */
  adminToken?: string;
  /**
   * Serve a fake model provider next to the MCP endpoint, on the same port (`/v1/…`, `/v1beta/…`):
   * `true` creates one recording into the server's transcript (same logical clock and numbering),
   * or pass your own. Default: none.
   */
  model?: ModelProvider | boolean;
}

/** A running Streamable HTTP endpoint. */
export interface HttpTransport {
  /** The MCP endpoint URL, e.g. `http://127.0.0.1:54321/mcp`. */
  readonly url: string;
  /** The admin API base URL (e.g. `http://127.0.0.1:54321/__toolshift`), or `undefined` when off. */
  readonly adminUrl: string | undefined;
  readonly port: number;
  readonly capabilities: TransportCapabilities;
  /** The fake model provider served next to the endpoint, when `model` was asked for. */
  readonly model: ModelProvider | undefined;
  /** Its base URLs per provider SDK, when `model` was asked for. */
  readonly modelUrls: ModelBaseUrls | undefined;
  /** The express app, for mounting more routes (metadata endpoints). */
  readonly app: express.Express;
  /** Ends every stream (`graceful` by default), then stops listening and closes every connection. */
  close(mode?: 'graceful' | 'drop'): Promise<void>;
}

/**
 * Serves a fake server over Streamable HTTP (express 5): POST, GET and DELETE on one endpoint, both
 * eras, plus the admin API under its own prefix, the RFC 9728 protected-resource metadata at
 * `/.well-known/oauth-protected-resource` and `/.well-known/oauth-protected-resource<path>` (404 when
 * the script has no `auth`), and the script's fake authorization server (RFC 8414 metadata and
 * `/oauth/*`, see `mountAuthorizationRoutes`). The transport only moves bytes: status codes, headers and stream events
 * come from the server.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the script injects a fault this transport cannot produce.
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound (`data`: `{ transport, host, port }`).
 * @see ../shared/spec/mcp-discovery-spec.md §5
 */
export async function startHttpTransport(
  server: FakeServer,
  options: HttpTransportOptions = {},
): Promise<HttpTransport> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const adminPath = options.adminPath ?? DEFAULT_ADMIN_PATH;
  const detach = server.attachTransport(httpDescriptor);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const allowedHosts = options.allowedHosts ?? (isLoopbackBind(host) ? [...LOOPBACK_HOSTS] : false);
  const refused = (req: IncomingMessage, response: WireResponse, reason: string) =>
    server.recordRefusal(
      { transport: 'http', httpMethod: req.method, headers: headersOf(req) },
      response,
      reason,
    );
  // The admin API has its own guard (stricter: no `Origin: null`, JSON writes, a token), answering
  // in its own error shape; it is mounted first so the endpoint's guard never answers an admin path.
  if (adminPath !== false)
    app.use(adminPath, adminRouter(createLocalAdmin(server), { allowedHosts, token: options.adminToken }));
  if (allowedHosts !== false)
    app.use(hostGuard(allowedHosts, (req, response, reason) => refused(req, response, reason)));
  const model =
    options.model === true
      ? createModelProvider({ transcript: server.transcript })
      : options.model === false
        ? undefined
        : options.model;
  if (model) app.use(modelRouter(model, maxBodyBytes));

  /** The endpoint proper: one request and its body bytes (express's route and the direct path). */
  const serveEndpoint = async (
    req: IncomingMessage,
    res: ServerResponse,
    bytes: unknown,
    protocol: string,
  ): Promise<void> => {
    const raw = Buffer.isBuffer(bytes) && bytes.length > 0 ? bytes : undefined;
    const body = raw ? decodeUtf8(raw) : undefined;
    if (raw && body === undefined) {
      const refusal: WireResponse = {
        status: INVALID_UTF8_STATUS,
        headers: {},
        reply: { kind: 'message', message: invalidUtf8Error() },
      };
      refused(req, refusal, `body of ${raw.length} bytes not read: not valid UTF-8`);
      send(res, refusal);
      return;
    }
    const response = await server.handle({
      transport: 'http',
      httpMethod: req.method ?? 'GET',
      headers: headersOf(req),
      endpointUrl: endpointUrl(protocol, req, path),
      ...(body !== undefined && body !== '' ? { body } : {}),
    });
    send(res, response);
  };
  // Raw bytes, decoded here as strict UTF-8 whatever the Content-Type charset says (JSON is UTF-8).
  const readBody = express.raw({ type: () => true, limit: maxBodyBytes });
  app.all(path, readBody, (req: Request, res: Response) => serveEndpoint(req, res, req.body, req.protocol));

  mountAuthorizationRoutes(app, server, (req) => {
    const endpoint = endpointUrl(req.protocol, req, path);
    const resource = server.protectedResourceMetadata(endpoint)?.resource;
    return typeof resource === 'string' ? resource : endpoint;
  });

  const metadataPath = '/.well-known/oauth-protected-resource';
  app.get([metadataPath, `${metadataPath}${path}`], (req: Request, res: Response) => {
    const document = server.protectedResourceMetadata(endpointUrl(req.protocol, req, path));
    res.status(document ? 200 : 404).type('application/json');
    res.send(JSON.stringify(document ?? { error: 'not_found' }));
  });

  /** A body that could not be read (oversize, bad encoding, aborted): a JSON-RPC error, recorded. */
  const bodyFailed = (
    error: { status?: number; type?: string; message?: string; length?: number },
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const oversize = error.type === 'entity.too.large';
    const response: WireResponse = {
      status: oversize ? OVERSIZE_BODY_STATUS : (error.status ?? 400),
      headers: {},
      reply: {
        kind: 'message',
        message: oversize
          ? oversizeBodyError(maxBodyBytes, error.length)
          : unreadableBodyError(error.message ?? 'unreadable body'),
      },
    };
    refused(
      req,
      response,
      oversize
        ? `body of ${error.length ?? 'unknown'} bytes not read: over the ${maxBodyBytes}-byte limit`
        : `body not readable: ${error.message ?? 'unknown error'}`,
    );
    send(res, response);
  };
  // Body-parser failures (oversize, bad encoding) never reach the server: answer them here with a JSON-RPC error.
  app.use(
    (
      error: { status?: number; type?: string; message?: string; length?: number },
      req: Request,
      res: Response,
      _next: NextFunction,
    ) => bodyFailed(error, req, res),
  );

  // The endpoint's common case skips express (same bytes, same transcript); the rest goes to it.
  const guard = allowedHosts === false ? undefined : hostRefusal(allowedHosts);
  const direct = directEndpoint({
    path,
    maxBodyBytes,
    mountedPrefixes: [...(adminPath === false ? [] : [adminPath]), ...(model ? MODEL_PATH_PREFIXES : [])],
    // Express's own rule for req.protocol: a trusted proxy's X-Forwarded-Proto is express's to read.
    eligible: (req) =>
      (guard === undefined || guard(req.headers) === undefined) &&
      !(app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean)(
        req.socket.remoteAddress,
        0,
      ),
    serve: (req, res, body) => serveEndpoint(req, res, body, socketProtocol(req)),
    fail: bodyFailed,
  });

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!direct(req, res)) app(req, res);
  };
  const listening = await listen(listener, host, options.port ?? 0).catch((error: unknown) => {
    detach();
    throw error;
  });
  const port = listening.port;
  let closed = false;
  return {
    url: `http://${host}:${port}${path}`,
    adminUrl: adminPath === false ? undefined : `http://${host}:${port}${adminPath}`,
    port,
    model,
    modelUrls: model ? modelBaseUrls(`http://${host}:${port}`) : undefined,
    capabilities: httpDescriptor.capabilities,
    app,
    async close(mode = 'graceful') {
      if (closed) return;
      closed = true;
      detach();
      server.close(mode);
      await listening.close();
    },
  };
}

/** The absolute endpoint URL as the client addressed it (its `Host` header). */
function endpointUrl(protocol: string, req: IncomingMessage, path: string): string {
  return `${protocol}://${req.headers.host ?? 'localhost'}${path}`;
}

/** The protocol of the connection itself (express's `req.protocol` without a trusted proxy). */
function socketProtocol(req: IncomingMessage): string {
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** Writes a body given as chunks with its Content-Length (a shared chunk is never copied). */
function writeChunks(res: ServerResponse, chunks: readonly Buffer[]): void {
  res.setHeader(
    'Content-Length',
    chunks.reduce((total, chunk) => total + chunk.length, 0),
  );
  const last = chunks.length - 1;
  for (let i = 0; i < last; i++) res.write(chunks[i]);
  res.end(chunks[last]);
}

function send(res: ServerResponse, response: WireResponse): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  const reply = response.reply;
  switch (reply.kind) {
    case 'empty':
      res.end();
      return;
    case 'message':
      res.setHeader('Content-Type', 'application/json');
      writeChunks(res, messageChunks(reply.message));
      return;
    case 'raw':
      res.setHeader('Content-Type', reply.contentType);
      res.end(reply.body);
      return;
    case 'stream': {
      res.flushHeaders();
      const stream = reply.stream;
      res.on('close', () => stream.detach());
      // A client that closes the stream sends FIN; the response's 'close' only comes when the
      // socket is torn down, after requests read in the same turn. Detach on the FIN, so the
      // transcript records the close where the client made it (as msw records an abort at once).
      const socket = res.socket;
      if (socket) {
        const gone = () => stream.detach();
        socket.once('end', gone);
        res.once('close', () => socket.off('end', gone));
        res.once('finish', () => socket.off('end', gone));
      }
      stream.attach({
        write: (event) => res.write(sseEventText(event)),
        end: (mode) => {
          // A drop resets the connection once what was written so far has left (mid-stream, no final chunk).
          if (mode === 'drop') res.socket?.destroySoon();
          else res.end();
        },
      });
    }
  }
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = req.headers;
  for (const name in given) {
    const value = given[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
