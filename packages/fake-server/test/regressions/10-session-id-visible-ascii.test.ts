// Regression (issue 10, found by fuzzing): legacy session ids outside visible ASCII (`abc\xff\xfe`,
// or two Mcp-Session-Id headers joined as `one, two`) were accepted and echoed into the transcript
// as the frame's session. Such an id is now refused with 400 + -32600 and never recorded as a session.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createFakeServer } from '../../src/index.js';

function post(
  url: string,
  sessionHeader: string | string[],
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionHeader,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
}

describe('a legacy session id outside visible ASCII', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test.each([
    ['bytes above 0x7E', 'abc\xff\xfe'],
    ['two headers (joined with ", ")', ['one', 'two']],
    ['a space inside', 'abc def'],
    ['a tab inside', 'abc\tdef'],
  ])('(%s) is a 400 -32600, never echoed or recorded as a session', async (_label, header) => {
    const server = createFakeServer({ toolshiftScript: 1, server: { eras: ['legacy'] } });
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    const reply = await post(http.url, header);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(reply.body).toContain('visible ASCII');
    expect(reply.headers['mcp-session-id']).toBeUndefined();
    expect(server.transcript.frames.filter((f) => f.sessionId !== undefined)).toEqual([]);
  });

  test('a visible-ASCII id the server never issued is still 404 (the client starts over)', async () => {
    const server = createFakeServer({ toolshiftScript: 1, server: { eras: ['legacy'] } });
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    expect((await post(http.url, 'never-issued-0123')).status).toBe(404);
  });
});
