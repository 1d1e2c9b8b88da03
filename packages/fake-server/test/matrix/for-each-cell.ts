import { PassThrough } from 'node:stream';
import {
  Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createInMemoryPair } from '../../src/in-memory.js';
import { createFakeServer, type Era, type FakeServer, type FakeServerOptions } from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';
import { runStdioServer, StdioStreamClientTransport } from '../../src/stdio.js';

/** The transports a cell can run on. */
export type CellTransport = 'http' | 'msw' | 'stdio' | 'in-memory';

/** Every era and every transport. */
export const ALL_ERAS: readonly Era[] = ['legacy', 'modern'];
export const ALL_TRANSPORTS: readonly CellTransport[] = ['http', 'msw', 'stdio', 'in-memory'];

/** A fake server served on one transport, with a way to connect official SDK clients to it. */
export interface CellRun {
  readonly server: FakeServer;
  /** The first client, connected in this cell's era. */
  readonly client: Client;
  /** Connects another SDK client (a new HTTP session, or a new stdio/in-memory connection). */
  connect(options?: ClientOptions): Promise<Client>;
  /** A fresh SDK client transport to this server (not connected): for custom clients. */
  clientTransport(): Transport;
}

/** One era × transport cell. */
export interface Cell {
  readonly era: Era;
  readonly transport: CellTransport;
  /** SDK client options that select this cell's era. */
  readonly clientOptions: ClientOptions;
  /** Creates a fake server from `script`, serves it on the cell's transport and connects a client. Closed after each test. */
  start(script: unknown, options?: { server?: FakeServerOptions; client?: ClientOptions }): Promise<CellRun>;
}

const msw = setupServer();
let mswUrlCounter = 0;

/**
 * Runs `body` once per era × transport cell, each inside its own `describe('<era> × <transport>')`,
 * so one integration test covers every cell and a new transport appears in all of them by itself.
 * Servers, transports and clients a cell started are closed after each test.
 */
export function forEachCell(
  axes: { eras?: readonly Era[]; transports?: readonly CellTransport[] },
  body: (cell: Cell) => void,
): void {
  for (const era of axes.eras ?? ALL_ERAS) {
    for (const transport of axes.transports ?? ALL_TRANSPORTS) {
      describe(`${era} × ${transport}`, () => {
        const cleanups: Array<() => Promise<void> | void> = [];
        if (transport === 'msw') {
          beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
          afterAll(() => msw.close());
        }
        afterEach(async () => {
          for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
          if (transport === 'msw') msw.resetHandlers();
        });
        const clientOptions: ClientOptions =
          era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
        body({
          era,
          transport,
          clientOptions,
          async start(script, options = {}) {
            const server = createFakeServer(script, options.server);
            const clientTransport = await serve(server, transport, cleanups);
            const connect = async (extra: ClientOptions = options.client ?? {}) => {
              const client = new Client(
                { name: 'toolshift-matrix', version: '1.0.0' },
                { ...clientOptions, ...extra },
              );
              await client.connect(clientTransport());
              cleanups.push(() => client.close());
              return client;
            };
            const client = await connect();
            return { server, client, connect, clientTransport };
          },
        });
      });
    }
  }
}

/** Serves `server` on `transport`; returns a factory of fresh SDK client transports to it. */
async function serve(
  server: FakeServer,
  transport: CellTransport,
  cleanups: Array<() => Promise<void> | void>,
): Promise<() => Transport> {
  switch (transport) {
    case 'http': {
      const http = await startHttpTransport(server);
      cleanups.push(() => http.close('drop'));
      return () => new StreamableHTTPClientTransport(new URL(http.url));
    }
    case 'msw': {
      mswUrlCounter += 1;
      // A loopback URL nothing listens on: msw answers it, and a miss could never leave the machine.
      const url = `http://127.0.0.1:9/mcp-${mswUrlCounter}`;
      msw.use(...createMswHandlers(server, { url }));
      cleanups.push(() => server.close('drop'));
      return () => new StreamableHTTPClientTransport(new URL(url));
    }
    case 'stdio':
      return () => {
        const toServer = new PassThrough();
        const toClient = new PassThrough();
        const stdio = runStdioServer(server, { stdin: toServer, stdout: toClient });
        cleanups.push(() => stdio.close('drop'));
        return new StdioStreamClientTransport(toServer, toClient);
      };
    case 'in-memory':
      return () => {
        const [client, serverEnd] = createInMemoryPair(server);
        cleanups.push(() => serverEnd.close());
        return client;
      };
  }
}
