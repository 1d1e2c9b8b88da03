import express from 'express';
import { DEFAULT_ADMIN_PATH } from '../../admin/admin-router.js';
import { createLocalAdmin } from '../../admin/local-admin.js';
import { isLoopbackBind, LOOPBACK_HOSTS } from '../../exchange/allowed-hosts.js';
import type { FakeServer } from '../../fake-server.js';
import { adminRouter } from './express-admin-router.js';
import { listen } from './listen.js';

/** Options for {@link startAdminServer}. */
export interface AdminServerOptions {
  /** TCP port; 0 (default) picks an ephemeral one. */
  port?: number;
  /** Bind address; default `127.0.0.1`. */
  host?: string;
  /** Path prefix; default `/__toolshift`. */
  path?: string;
  /**
   * Host names accepted in `Host` and `Origin` (DNS-rebinding protection). Default: the loopback
   * names when bound to loopback, else `Host` unchecked (an `Origin` must still be a loopback one).
   */
  allowedHosts?: readonly string[] | false;
  /** Require `Authorization: Bearer <token>` on every admin request (see `adminGuard`). */
  token?: string;
}

/** A running standalone admin API. */
export interface AdminServer {
  /** The admin base URL, e.g. `http://127.0.0.1:54321/__toolshift`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves only the admin API of a fake server, for one that talks MCP over stdio or in-memory while
 * a test in another process or language controls and observes it over HTTP. The same guard as on
 * every admin listener (`adminGuard`: Host, Origin, token, `application/json` writes) stands in front.
 * @throws {ToolshiftError} TRANSPORT_FAILED when the port cannot be bound.
 */
export async function startAdminServer(
  server: FakeServer,
  options: AdminServerOptions = {},
): Promise<AdminServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? DEFAULT_ADMIN_PATH;
  const app = express();
  app.disable('x-powered-by');
  const allowedHosts = options.allowedHosts ?? (isLoopbackBind(host) ? [...LOOPBACK_HOSTS] : false);
  app.use(path, adminRouter(createLocalAdmin(server), { allowedHosts, token: options.token }));
  const listening = await listen(app, host, options.port ?? 0);
  return { url: `http://${host}:${listening.port}${path}`, close: () => listening.close() };
}
