import { randomBytes } from 'node:crypto';
import type { FakeServer } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import type { ServedServer } from './served-server.js';

/**
 * Serves a fake server on a real loopback Streamable HTTP endpoint (127.0.0.1, ephemeral port). Its
 * admin API asks for a token drawn for this cell (`target.adminToken`), which only toolshift's own
 * process holds: the client under test shares the endpoint's origin, and must not be able to reset
 * the transcript or drive the script that judges it.
 */
export async function serveHttp(server: FakeServer): Promise<ServedServer> {
  const adminToken = randomBytes(32).toString('base64url');
  const http = await startHttpTransport(server, { adminToken });
  return {
    transport: 'http',
    target: { kind: 'http', url: http.url, adminToken },
    close: () => http.close(),
  };
}
