import express from 'express';
import type { ModelProvider } from '../../model/model-provider.js';
import { hostGuard, LOOPBACK_HOSTS } from './host-guard.js';
import { listen } from './listen.js';
import { type ModelBaseUrls, modelBaseUrls, modelRouter } from './model-router.js';

/** Options for {@link serveModelProvider}. */
export interface ModelServerOptions {
  /** TCP port; 0 (default) picks an ephemeral one. */
  port?: number;
  /** Bind address; default `127.0.0.1`. */
  host?: string;
  /** Largest accepted request body, bytes (default 16 MiB: a request carries the whole conversation). */
  maxBodyBytes?: number;
}

/** A fake model provider listening on its own port. */
export interface ModelServer {
  readonly provider: ModelProvider;
  readonly port: number;
  /** Base URLs per provider SDK. */
  readonly urls: ModelBaseUrls;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves a fake model provider alone over HTTP (use `startHttpTransport(server, { model })` to
 * serve it next to an MCP endpoint instead). Loopback-bound servers only answer loopback `Host`s.
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound.
 */
export async function serveModelProvider(
  provider: ModelProvider,
  options: ModelServerOptions = {},
): Promise<ModelServer> {
  const host = options.host ?? '127.0.0.1';
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  if (host === 'localhost' || host.startsWith('127.') || host === '::1')
    app.use(hostGuard([...LOOPBACK_HOSTS]));
  app.use(modelRouter(provider, options.maxBodyBytes ?? 16 * 1024 * 1024));
  const listening = await listen(app, host, options.port ?? 0);
  return {
    provider,
    port: listening.port,
    urls: modelBaseUrls(`http://${host}:${listening.port}`),
    close: () => listening.close(),
  };
}
