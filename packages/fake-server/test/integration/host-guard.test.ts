import { request } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer } from '../../src/index.js';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** POSTs a server/discover with the given extra headers (node:http, so Host can be set). */
function discover(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'server/discover',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('DNS-rebinding protection on the HTTP transport', () => {
  let http: HttpTransport | undefined;
  afterEach(() => http?.close());

  test('a foreign Host or Origin gets 403 with a JSON-RPC -32600 error and never reaches the server', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    http = await startHttpTransport(server);
    const foreign: Array<Record<string, string>> = [
      { host: 'evil.example' },
      { origin: 'http://evil.example:8080' },
    ];
    for (const headers of foreign) {
      const answer = await discover(http.url, headers);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
      expect(answer.body).not.toHaveProperty('id');
    }
    // The server never handled them, but the transcript keeps each refusal: in (with why), out (403).
    const frames = server.transcript.frames;
    expect(frames.map((f) => [f.direction, f.era, f.httpStatus])).toEqual([
      ['in', 'unknown', undefined],
      ['out', 'unknown', 403],
      ['in', 'unknown', undefined],
      ['out', 'unknown', 403],
    ]);
    expect(frames[0]!.note).toContain('Host evil.example is not allowed');
    expect(frames[2]!.note).toContain('Origin http://evil.example:8080 is not allowed');
  });

  test('loopback hosts and origins are served', async () => {
    http = await startHttpTransport(createFakeServer({ toolshiftScript: 1 }));
    const port = new URL(http.url).port;
    const loopback: Array<Record<string, string>> = [
      { host: `localhost:${port}` },
      { host: `127.0.0.1:${port}`, origin: 'http://localhost:5173' },
      { host: `[::1]:${port}`, origin: 'http://[::1]:3000' },
    ];
    for (const headers of loopback) {
      const answer = await discover(http.url, headers);
      expect(answer.status).toBe(200);
    }
  });

  test('allowedHosts names the hosts to serve, and false turns the check off', async () => {
    http = await startHttpTransport(createFakeServer({ toolshiftScript: 1 }), { allowedHosts: ['mcp.test'] });
    expect((await discover(http.url, { host: 'mcp.test' })).status).toBe(200);
    expect((await discover(http.url, {})).status).toBe(403);
    await http.close();
    http = await startHttpTransport(createFakeServer({ toolshiftScript: 1 }), { allowedHosts: false });
    expect(
      (await discover(http.url, { host: 'anything.example', origin: 'http://else.example' })).status,
    ).toBe(200);
  });
});
