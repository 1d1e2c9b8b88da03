import { request as httpRequest } from 'node:http';
import { getResponse } from 'msw';
import { startAdminServer, startHttpTransport } from '../../src/http.js';
import { type AdminApi, createAdminHttpClient, type FakeServer } from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';

/** One admin request as a test sends it: any method, path (with query), headers and body. */
export interface AdminProbe {
  method: string;
  /** Below the admin prefix, query string included, e.g. `/clock?bogus=1`. */
  path: string;
  /** Sent as given: `host` and `origin` too (node:http on the real listeners, a Request for msw). */
  headers?: Record<string, string>;
  body?: string;
}

/** What came back. */
export interface AdminReply {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A started admin listener: send raw requests to it, close it. */
export interface StartedAdminListener {
  send(probe: AdminProbe): Promise<AdminReply>;
  /** An admin HTTP client of this listener (for msw, its fetch goes straight to the handlers). */
  client(options?: { token?: string }): AdminApi;
  close(): Promise<void>;
}

/** Options every admin listener takes here. */
export interface AdminListenerOptions {
  token?: string;
}

/**
 * Every way the fake server serves its admin API: the HTTP transport's own admin routes, the
 * standalone admin server (`toolshift serve --stdio --admin-port`), and the msw handlers' admin
 * routes (called through msw's `getResponse`, so no process-wide interception is installed).
 */
export const ADMIN_LISTENERS: Record<
  'http' | 'admin-server' | 'msw',
  (server: FakeServer, options?: AdminListenerOptions) => Promise<StartedAdminListener>
> = {
  http: async (server, options = {}) => {
    const http = await startHttpTransport(server, {
      ...(options.token !== undefined ? { adminToken: options.token } : {}),
    });
    const url = http.adminUrl!;
    return {
      send: (probe) => overHttp(url, probe),
      client: (client = {}) => createAdminHttpClient(url, client),
      close: () => http.close('drop'),
    };
  },
  'admin-server': async (server, options = {}) => {
    const admin = await startAdminServer(server, {
      ...(options.token !== undefined ? { token: options.token } : {}),
    });
    return {
      send: (probe) => overHttp(admin.url, probe),
      client: (client = {}) => createAdminHttpClient(admin.url, client),
      close: () => admin.close(),
    };
  },
  msw: async (server, options = {}) => {
    const endpoint = 'http://127.0.0.1:9/mcp';
    const handlers = createMswHandlers(server, {
      url: endpoint,
      ...(options.token !== undefined ? { adminToken: options.token } : {}),
    });
    const base = 'http://127.0.0.1:9/__toolshift';
    const viaHandlers: typeof fetch = async (input, init) => {
      const response = await getResponse(handlers, new Request(input, init));
      if (!response) throw new TypeError(`fetch failed: no msw handler for ${String(input)}`);
      return response;
    };
    return {
      client: (client = {}) => createAdminHttpClient(base, { ...client, fetch: viaHandlers }),
      async send(probe) {
        const request = new Request(`${base}${probe.path}`, {
          method: probe.method,
          headers: probe.headers ?? {},
          ...(probe.body !== undefined && probe.method !== 'GET' ? { body: probe.body } : {}),
        });
        const response = await getResponse(handlers, request);
        if (!response) throw new Error(`no msw handler answered ${probe.method} ${probe.path}`);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        return { status: response.status, headers, text: await response.text() };
      },
      close: async () => undefined,
    };
  },
};

/** Sends a probe with node:http, so `Host` and `Origin` go out exactly as given. */
function overHttp(base: string, probe: AdminProbe): Promise<AdminReply> {
  const target = new URL(`${base}${probe.path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: probe.method,
        // Node sends a DELETE's body without framing unless told its length (the bytes would be read
        // as the next request): frame every body, as fetch does.
        headers: {
          ...(probe.body !== undefined ? { 'content-length': String(Buffer.byteLength(probe.body)) } : {}),
          ...probe.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: res.statusCode ?? 0, headers, text });
        });
      },
    );
    req.on('error', reject);
    req.end(probe.body);
  });
}
