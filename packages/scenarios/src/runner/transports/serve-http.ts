import type { FakeServer } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import type { ServedServer } from './served-server.js';

/** Serves a fake server on a real loopback Streamable HTTP endpoint (127.0.0.1, ephemeral port). */
export async function serveHttp(server: FakeServer): Promise<ServedServer> {
  const http = await startHttpTransport(server);
  return {
    transport: 'http',
    target: { kind: 'http', url: http.url },
    close: () => http.close(),
  };
}
