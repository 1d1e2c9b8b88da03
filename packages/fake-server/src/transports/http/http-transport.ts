import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { FakeServer } from '../../create-fake-server.js';
import { ToolshiftError } from '../../errors/toolshift-error.js';
import type { WireResponse } from '../../exchange/wire-response.js';
import type { TransportCapabilities } from '../../faults/transport-capabilities.js';
import { HTTP_TRANSPORT_CAPABILITIES } from './http-capabilities.js';
import { writeSseEvent } from './sse.js';

/** Options for {@link startHttpTransport}. */
export interface HttpTransportOptions {
  /** TCP port; 0 (default) picks an ephemeral one. */
  port?: number;
  /** Bind address; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Path of the MCP endpoint; default `/mcp`. */
  path?: string;
  /** Largest accepted request body, bytes (default 4 MiB); larger bodies get 413. */
  maxBodyBytes?: number;
}

/** A running Streamable HTTP endpoint. */
export interface HttpTransport {
  /** The MCP endpoint URL, e.g. `http://127.0.0.1:54321/mcp`. */
  readonly url: string;
  readonly port: number;
  /** The express app, for mounting more routes (admin API, metadata). */
  readonly app: express.Express;
  /** What this transport can produce (every fault kind). */
  readonly capabilities: TransportCapabilities;
  /** Ends every stream (`graceful` by default), then stops listening and closes every connection. */
  close(mode?: 'graceful' | 'drop'): Promise<void>;
}

/**
 * Serves a fake server over Streamable HTTP (express 5): POST, GET and DELETE on one endpoint, both
 * eras, plus the RFC 9728 protected-resource metadata at `/.well-known/oauth-protected-resource`
 * and `/.well-known/oauth-protected-resource<path>` (404 when the script has no `auth`). The
 * transport only moves bytes: status codes, headers and stream events come from the server.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the script injects a fault this transport cannot produce.
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound.
 */
export async function startHttpTransport(
  server: FakeServer,
  options: HttpTransportOptions = {},
): Promise<HttpTransport> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const detach = server.attachTransport(HTTP_TRANSPORT_CAPABILITIES);
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const readBody = express.text({
    type: () => true,
    limit: options.maxBodyBytes ?? 4 * 1024 * 1024,
    defaultCharset: 'utf-8',
  });

  app.all(path, readBody, async (req: Request, res: Response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const body = typeof req.body === 'string' ? req.body : undefined;
    const response = await server.handle({
      transport: 'http',
      httpMethod: req.method,
      headers,
      endpointUrl: endpointUrl(req, path),
      ...(body !== undefined && body !== '' ? { body } : {}),
    });
    send(res, response);
  });

  const metadataPath = '/.well-known/oauth-protected-resource';
  app.get([metadataPath, `${metadataPath}${path}`], (req: Request, res: Response) => {
    const document = server.protectedResourceMetadata(endpointUrl(req, path));
    if (!document) {
      res
        .status(404)
        .type('application/json')
        .send(JSON.stringify({ error: 'not_found' }));
      return;
    }
    res.status(200).type('application/json').send(JSON.stringify(document));
  });

  // Body-parser failures (oversize, bad encoding) never reach the server: answer them here with a JSON-RPC error.
  app.use(
    (
      error: { status?: number; type?: string; message?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      const status = error.status ?? 400;
      const message =
        error.type === 'entity.too.large'
          ? 'Request body too large'
          : `Bad request: ${error.message ?? 'unreadable body'}`;
      res
        .status(status)
        .type('application/json')
        .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message } }));
    },
  );

  let httpServer: Server;
  try {
    httpServer = await new Promise((resolve, reject) => {
      const listening = app.listen(options.port ?? 0, host, (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
      listening.once('error', reject);
    });
  } catch (error) {
    detach();
    throw new ToolshiftError(
      'TRANSPORT_FAILED',
      `Cannot listen on ${host}:${options.port ?? 0}: ${(error as Error).message}`,
      {
        transport: 'http',
      },
    );
  }
  const port = (httpServer.address() as AddressInfo).port;
  let closed = false;
  return {
    url: `http://${host}:${port}${path}`,
    port,
    app,
    capabilities: HTTP_TRANSPORT_CAPABILITIES,
    async close(mode = 'graceful') {
      if (closed) return;
      closed = true;
      detach();
      server.close(mode);
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

/** The absolute endpoint URL as the client addressed it (its `Host` header). */
function endpointUrl(req: Request, path: string): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}${path}`;
}

function send(res: Response, response: WireResponse): void {
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  const reply = response.reply;
  switch (reply.kind) {
    case 'empty':
      res.end();
      return;
    case 'message':
      res.type('application/json').send(JSON.stringify(reply.message));
      return;
    case 'raw':
      res.type(reply.contentType).send(reply.body);
      return;
    case 'stream': {
      res.flushHeaders();
      const stream = reply.stream;
      res.on('close', () => stream.detach());
      stream.attach({
        write: (event) => writeSseEvent(res, event),
        end: (mode) => {
          // A drop resets the connection once what was written so far has left (mid-stream, no final chunk).
          if (mode === 'drop') res.socket?.destroySoon();
          else res.end();
        },
      });
    }
  }
}
