import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import type { FakeServer } from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';

/** Starts `server` behind one transport and returns its MCP URL; closing steps go to `cleanups`. */
export type StartEndpoint = (server: FakeServer, cleanups: Array<() => unknown>) => Promise<string>;

/**
 * The two transports a fetch-based client POSTs to: loopback HTTP and msw interception (one msw
 * server for the calling test file, listening from `beforeAll` to `afterAll`).
 */
export function postEndpoints(): Record<'http' | 'msw', StartEndpoint> {
  const msw = setupServer();
  beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => msw.close());
  return {
    http: async (server, cleanups) => {
      const http = await startHttpTransport(server);
      cleanups.push(() => http.close('drop'));
      return http.url;
    },
    msw: async (server, cleanups) => {
      const url = 'http://127.0.0.1:9/mcp';
      msw.use(...createMswHandlers(server, { url }));
      cleanups.push(() => msw.resetHandlers());
      return url;
    },
  };
}
