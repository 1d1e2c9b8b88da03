import type { FakeServer } from '@toolshift/fake-server';
import { createMswHandlers } from '@toolshift/fake-server/msw';
import { getResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ServedServer } from './served-server.js';

/**
 * One msw interception for the whole process (msw patches the global `fetch`), shared by every
 * cell: each served server answers its own URL, and its handlers leave when it closes.
 */
const interception = setupServer();
const live = new Map<number, HttpHandler[]>();
/** The handlers of each served server, by the origin of its URL. */
const byOrigin = new Map<string, HttpHandler[]>();
let nextAddress = 0;

/**
 * Answers one request as the interception would, with the handlers of the served server whose
 * origin the request's URL has: for a client in another process, whose own msw interception
 * forwards its requests here (see `runner/client-process/`). `undefined` when no served server or
 * handler takes it (the interception would let it through to the network).
 */
export async function answerMswRequest(request: Request): Promise<Response | undefined> {
  const handlers = byOrigin.get(new URL(request.url).origin);
  return handlers ? getResponse(handlers, request) : undefined;
}

/**
 * Serves a fake server through msw's interception of `fetch`: same status codes, headers and SSE
 * streams as HTTP, but no port. Each served server gets its own loopback address (`127.0.x.y`) on
 * port 9 (discard), so a request msw missed could never leave the machine, and the same endpoint
 * path as the HTTP transport (`/mcp`): only the origin differs between the two, as it differs
 * between two HTTP runs (the port).
 */
export async function serveMsw(server: FakeServer): Promise<ServedServer> {
  if (live.size === 0) interception.listen({ onUnhandledRequest: 'bypass' });
  const id = nextAddress++ % (1 << 16);
  const url = `http://127.0.${id >> 8}.${id & 255}:9/mcp`;
  const handlers = createMswHandlers(server, { url, adminPath: false });
  live.set(id, handlers);
  byOrigin.set(new URL(url).origin, handlers);
  interception.use(...handlers);
  return {
    transport: 'msw',
    target: { kind: 'msw', url },
    async close() {
      server.close('drop');
      live.delete(id);
      byOrigin.delete(new URL(url).origin);
      interception.resetHandlers(...[...live.values()].flat());
      if (live.size === 0) interception.close();
    },
  };
}
