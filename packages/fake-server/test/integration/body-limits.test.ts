import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createFakeServer, type FakeServer } from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

const endpoints: Record<
  string,
  (server: FakeServer, maxBodyBytes: number, cleanups: Array<() => Promise<void> | void>) => Promise<string>
> = {
  http: async (server, maxBodyBytes, cleanups) => {
    const http = await startHttpTransport(server, { maxBodyBytes });
    cleanups.push(() => http.close());
    return http.url;
  },
  msw: async (server, maxBodyBytes, cleanups) => {
    const url = 'http://127.0.0.1:9/mcp';
    msw.use(...createMswHandlers(server, { url, maxBodyBytes }));
    cleanups.push(() => msw.resetHandlers());
    return url;
  },
};

for (const [name, start] of Object.entries(endpoints)) {
  describe(`request body limit over ${name}`, () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    test('a body over the limit gets 413 with a JSON-RPC -32600 error without an id; the next request works', async () => {
      const server = createFakeServer({ toolshiftScript: 1 });
      const url = await start(server, 1024, cleanups);
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const big = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { pad: 'x'.repeat(2000) },
        }),
      });
      expect(big.status).toBe(413);
      const error = (await big.json()) as Record<string, unknown>;
      expect(error).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
      expect(error).not.toHaveProperty('id');
      // The refusal is in the transcript although the server never read the body.
      const [refusedIn, refusedOut] = server.transcript.frames;
      expect(refusedIn).toMatchObject({ direction: 'in', httpMethod: 'POST', era: 'unknown' });
      expect(refusedIn!.note).toMatch(/^body of \d+ bytes not read: over the 1024-byte limit$/);
      expect(refusedIn).not.toHaveProperty('raw');
      expect(refusedOut).toMatchObject({ direction: 'out', httpStatus: 413 });
      const small = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'server/discover',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
      expect(small.status).toBe(200);
      expect(await small.json()).toMatchObject({ id: 2, result: { resultType: 'complete' } });
    });
  });
}
