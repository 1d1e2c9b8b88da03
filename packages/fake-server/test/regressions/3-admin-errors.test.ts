// Regression (issue 3 review): admin API errors without a stable code (500s, express's own HTML page
// for an oversize body); `/transcript/wait` silently ignoring a misspelt filter field (matching any
// frame); POST /steps accepting a `trigger` it then ignored; POST /clock accepting fractional,
// huge or non-finite advances. Each is now a JSON `{ error: { code, message, data } }` 4xx/5xx.
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { type AdminApi, createFakeServer, createLocalAdmin, MAX_CLOCK_ADVANCE_MS } from '../../src/index.js';
import { adminRouter } from '../../src/transports/http/express-admin-router.js';
import { listen } from '../../src/transports/http/listen.js';

const script = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
} as const;

let http: HttpTransport | undefined;
afterEach(async () => {
  await http?.close('drop');
  http = undefined;
});

async function admin(path: string, init: RequestInit = {}) {
  const response = await fetch(`${http!.adminUrl}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: JSON.parse(text),
  };
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** Every admin error body: JSON with a string code and message. */
function expectCodedError(reply: { type: string; body: any }, code: string): void {
  expect(reply.type).toContain('application/json');
  expect(reply.body).toMatchObject({
    error: { code, message: expect.any(String), data: expect.any(Object) },
  });
}

describe('admin API errors over HTTP', () => {
  test('unknown query parameters and body fields of /transcript/wait and /transcript are 400', async () => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const misspelt = await admin('/transcript/wait?methd=tools/list&timeoutMs=10');
    expect(misspelt.status).toBe(400);
    expectCodedError(misspelt, 'ADMIN_REQUEST_INVALID');
    expect(misspelt.body.error.message).toContain("unknown query parameter 'methd'");
    const listed = await admin('/transcript?afterSeq=0&drection=in');
    expect(listed.status).toBe(400);
    expect(listed.body.error.message).toContain("'drection'");
    const posted = await admin('/transcript/wait', postJson({ filter: {}, timeout: 10 }));
    expect(posted.status).toBe(400);
    expect(posted.body.error.message).toContain("unknown body field 'timeout'");
    // Known parameters still work.
    expect((await admin('/transcript?afterSeq=0&direction=in&format=json')).status).toBe(200);
  });

  test('POST /steps with a trigger is 400 ADMIN_STEP_REJECTED at /trigger; nothing is applied', async () => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const reply = await admin(
      '/steps',
      postJson({
        id: 'later',
        trigger: { atTick: 100 },
        action: { action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } },
      }),
    );
    expect(reply.status).toBe(400);
    expectCodedError(reply, 'ADMIN_STEP_REJECTED');
    expect(reply.body.error.data).toMatchObject({ pointer: '/trigger', rule: 'immediate' });
    expect(server.tools().map((tool) => tool.name)).toEqual(['alpha']);
    expect(server.transcript.frames).toEqual([]);
  });

  test.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '10'],
    ['over 24 h', MAX_CLOCK_ADVANCE_MS + 1],
    ['huge', 1e308],
    ['null', null],
  ])('POST /clock with advanceMs %s is 400; the clock does not move', async (_label, advanceMs) => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const reply = await admin('/clock', postJson({ advanceMs }));
    expect(reply.status).toBe(400);
    expectCodedError(reply, 'ADMIN_REQUEST_INVALID');
    expect(server.now()).toBe(0);
  });

  test('POST /clock takes an integer up to 24 h, and no other field', async () => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    expect(await admin('/clock', postJson({ advanceMs: MAX_CLOCK_ADVANCE_MS }))).toMatchObject({
      status: 200,
      body: { nowMs: MAX_CLOCK_ADVANCE_MS },
    });
    const extra = await admin('/clock', postJson({ advanceMs: 1, by: 2 }));
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toContain("unknown body field 'by'");
    // The local admin applies the same bound.
    await expect(createLocalAdmin(server).advanceClock(0.5)).rejects.toMatchObject({
      code: 'ADMIN_REQUEST_INVALID',
    });
  });

  test('every error carries a code: 404, 405, bad JSON, oversize body, unreadable charset', async () => {
    const server = createFakeServer(script);
    http = await startHttpTransport(server);
    const cases: Array<[string, RequestInit, number, string]> = [
      ['/nowhere', {}, 404, 'ADMIN_REQUEST_INVALID'],
      ['/reset', { method: 'GET' }, 405, 'ADMIN_REQUEST_INVALID'],
      ['/steps', postJson('{not json'), 400, 'ADMIN_REQUEST_INVALID'],
      ['/steps', postJson({ stepId: 'nope' }), 404, 'SCRIPT_UNKNOWN_STEP'],
      ['/steps', postJson({ action: 'removeTool', name: 'ghost' }), 409, 'STEP_FAILED'],
      ['/steps', postJson(`{"pad":"${'x'.repeat(1024 * 1024 + 1)}"}`), 413, 'ADMIN_REQUEST_INVALID'],
      [
        '/steps',
        { method: 'POST', headers: { 'content-type': 'application/json; charset=x-nope' }, body: '{}' },
        415,
        'ADMIN_REQUEST_INVALID',
      ],
      ['/transcript/wait?timeoutMs=1&method=never/sent', {}, 408, 'WAIT_TIMED_OUT'],
    ];
    for (const [path, init, status, code] of cases) {
      const reply = await admin(path, init);
      expect({ path, status: reply.status }).toEqual({ path, status });
      expectCodedError(reply, code);
    }
    // Still serving.
    expect((await admin('/status')).status).toBe(200);
  });

  test('a failure that is not a toolshift error is 500 ADMIN_INTERNAL_ERROR', async () => {
    const failing = {
      ...createLocalAdmin(createFakeServer(script)),
      status: async () => {
        throw new TypeError('boom');
      },
    } satisfies AdminApi;
    const app = express();
    app.use('/__toolshift', adminRouter(failing, { allowedHosts: ['127.0.0.1'] }));
    const listening = await listen(app, '127.0.0.1', 0);
    try {
      const response = await fetch(`http://127.0.0.1:${listening.port}/__toolshift/status`);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        error: { code: 'ADMIN_INTERNAL_ERROR', message: 'Admin API failed: boom', data: { reason: 'boom' } },
      });
    } finally {
      await listening.close();
    }
  });
});
