import type { FakeServer } from '@toolshift/fake-server';
import { createMswHandlers } from '@toolshift/fake-server/msw';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ServedServer } from './served-server.js';

/**
 * One msw interception for the whole process (msw patches the global `fetch`), shared by every
 * cell: each served server answers its own URL, and its handlers leave when it closes.
 */
const interception = setupServer();
const live = new Map<number, HttpHandler[]>();
let nextPath = 0;

/**
 * Serves a fake server through msw's interception of `fetch`: same status codes, headers and SSE
 * streams as HTTP, but no port. The URL is on loopback port 9 (discard), so a request msw missed
 * could never leave the machine.
 */
export async function serveMsw(server: FakeServer): Promise<ServedServer> {
  if (live.size === 0) interception.listen({ onUnhandledRequest: 'bypass' });
  const id = ++nextPath;
  const url = `http://127.0.0.1:9/toolshift-msw-${id}/mcp`;
  const handlers = createMswHandlers(server, { url, adminPath: false });
  live.set(id, handlers);
  interception.use(...handlers);
  return {
    transport: 'msw',
    target: { kind: 'msw', url },
    async close() {
      server.close('drop');
      live.delete(id);
      interception.resetHandlers(...[...live.values()].flat());
      if (live.size === 0) interception.close();
    },
  };
}
