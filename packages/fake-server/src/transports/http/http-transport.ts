import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { FakeServer } from '../../create-fake-server.js';
import type { WireResponse } from '../../exchange/wire-response.js';
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
  /** Ends every stream (`graceful` by default), then stops listening and closes every connection. */
  close(mode?: 'graceful' | 'drop'): Promise<void>;
}

/**
 * Serves a fake server over Streamable HTTP (express 5): POST, GET and DELETE on one endpoint, both
 * eras. The transport only moves bytes: status codes, headers and stream events come from the server.
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound.
 */
export async function startHttpTransport(
  server: FakeServer,
  options: HttpTransportOptions = {},
): Promise<HttpTransport> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
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
      ...(body !== undefined && body !== '' ? { body } : {}),
    });
    send(res, response);
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

  const httpServer: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
    listening.once('error', reject);
  });
  const port = (httpServer.address() as AddressInfo).port;
  let closed = false;
  return {
    url: `http://${host}:${port}${path}`,
    port,
    app,
    async close(mode = 'graceful') {
      if (closed) return;
      closed = true;
      server.close(mode);
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
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
          if (mode === 'drop') res.socket?.destroy();
          else res.end();
        },
      });
    }
  }
}
