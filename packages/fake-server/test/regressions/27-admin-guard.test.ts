// Regression (issue 27, S1/S2 and the smaller admin items): `Origin: null` passed the admin API's
// origin guard and a `text/plain` POST was accepted, so a sandboxed iframe or a `data:` page could
// change the catalog with a simple (preflight-free) cross-origin request; the standalone admin
// server (`serve --stdio --admin-port`) checked neither Host nor Origin, nor did the msw handlers'
// admin routes; `GET /clock?bogus=1` answered 200; a refused admin request was answered in JSON-RPC
// shape. Every admin listener now runs one guard (admin/admin-guard.ts): Host and Origin must name
// an allowed (loopback) host, every POST must be `application/json`, an optional token is checked in
// constant time, and every refusal is `{ error: { code, message, data } }`.
import { afterEach, describe, expect, test } from 'vitest';
import { createFakeServer, type FakeServer } from '../../src/index.js';
import {
  ADMIN_LISTENERS,
  type AdminProbe,
  type AdminReply,
  type StartedAdminListener,
} from '../support/admin-listeners.js';

const script = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
} as const;

const ADD_BETA = JSON.stringify({
  action: 'addTool',
  tool: { name: 'beta', inputSchema: { type: 'object' } },
});
const JSON_TYPE = { 'content-type': 'application/json' };

/** The admin API's own error shape, never JSON-RPC's. */
function adminError(reply: AdminReply): { code: string; message: string; data: Record<string, unknown> } {
  expect(reply.headers['content-type']).toContain('application/json');
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(body).not.toHaveProperty('jsonrpc');
  expect(body).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String), data: expect.any(Object) },
  });
  return body.error as { code: string; message: string; data: Record<string, unknown> };
}

for (const [name, start] of Object.entries(ADMIN_LISTENERS)) {
  describe(`the admin guard on the ${name} listener`, () => {
    let listener: StartedAdminListener | undefined;
    let server: FakeServer;
    afterEach(async () => {
      await listener?.close();
      listener = undefined;
    });
    const open = async (token?: string) => {
      server = createFakeServer(script);
      listener = await start(server, token === undefined ? {} : { token });
      return listener;
    };
    const tools = () => server.tools().map((tool) => tool.name);

    test('Origin: null and foreign origins are refused with 403 ADMIN_FORBIDDEN; nothing changes', async () => {
      const admin = await open();
      for (const origin of ['null', 'http://evil.example', 'http://127.0.0.1.evil.example:80', 'file://']) {
        const reply = await admin.send({
          method: 'POST',
          path: '/steps',
          headers: { ...JSON_TYPE, origin },
          body: ADD_BETA,
        });
        expect({ origin, status: reply.status }).toEqual({ origin, status: 403 });
        const error = adminError(reply);
        expect(error.code).toBe('ADMIN_FORBIDDEN');
        expect(error.data).toMatchObject({ header: 'Origin', value: origin });
        // A read is refused too (a page must not read the transcript either).
        const read = await admin.send({ method: 'GET', path: '/transcript', headers: { origin } });
        expect(read.status).toBe(403);
      }
      expect(tools()).toEqual(['alpha']);
    });

    test('a foreign Host is refused with 403 in the admin shape (DNS rebinding)', async () => {
      const admin = await open();
      const reply = await admin.send({ method: 'GET', path: '/status', headers: { host: 'evil.example' } });
      expect(reply.status).toBe(403);
      expect(adminError(reply)).toMatchObject({ code: 'ADMIN_FORBIDDEN', data: { header: 'Host' } });
    });

    test('a loopback origin is served', async () => {
      const admin = await open();
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
        const reply = await admin.send({ method: 'GET', path: '/status', headers: { origin } });
        expect({ origin, status: reply.status }).toEqual({ origin, status: 200 });
      }
    });

    test('a POST that is not application/json is refused with 415 before it is read; nothing changes', async () => {
      const admin = await open();
      const probes: AdminProbe[] = [
        { method: 'POST', path: '/steps', headers: { 'content-type': 'text/plain' }, body: ADD_BETA },
        {
          method: 'POST',
          path: '/steps',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: ADD_BETA,
        },
        {
          method: 'POST',
          path: '/steps',
          headers: { 'content-type': 'multipart/form-data' },
          body: ADD_BETA,
        },
        { method: 'POST', path: '/clock', headers: {}, body: '{"advanceMs":5}' },
        { method: 'POST', path: '/reset', headers: {} },
        { method: 'POST', path: '/steps', headers: { 'content-type': 'application/jsonx' }, body: ADD_BETA },
      ];
      for (const probe of probes) {
        const reply = await admin.send(probe);
        expect({ probe, status: reply.status }).toEqual({ probe, status: 415 });
        expect(adminError(reply).code).toBe('ADMIN_UNSUPPORTED_MEDIA_TYPE');
      }
      expect(tools()).toEqual(['alpha']);
      expect(server.now()).toBe(0);
      const accepted = await admin.send({
        method: 'POST',
        path: '/steps',
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
        body: ADD_BETA,
      });
      expect(accepted.status).toBe(200);
      expect(tools()).toEqual(['alpha', 'beta']);
    });

    test('an unknown query parameter is refused on every GET route, /clock included', async () => {
      const admin = await open();
      for (const path of [
        '/clock?bogus=1',
        '/status?bogus=1',
        '/transcript?bogus=1',
        '/transcript/wait?bogus=1&timeoutMs=1',
      ]) {
        const reply = await admin.send({ method: 'GET', path });
        expect({ path, status: reply.status }).toEqual({ path, status: 400 });
        const error = adminError(reply);
        expect(error.code).toBe('ADMIN_REQUEST_INVALID');
        expect(error.message).toContain("unknown query parameter 'bogus'");
      }
      expect((await admin.send({ method: 'GET', path: '/clock' })).status).toBe(200);
    });

    test('with a token, a request without it or with a wrong one is 401 ADMIN_UNAUTHORIZED', async () => {
      const token = 'correct horse battery staple';
      const admin = await open(token);
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Bearer ${token}x`,
        'Bearer ',
        token,
        'Basic x',
      ]) {
        const reply = await admin.send({
          method: 'POST',
          path: '/steps',
          headers: { ...JSON_TYPE, ...(authorization === undefined ? {} : { authorization }) },
          body: ADD_BETA,
        });
        expect({ authorization, status: reply.status }).toEqual({ authorization, status: 401 });
        expect(adminError(reply).code).toBe('ADMIN_UNAUTHORIZED');
        expect(reply.headers['www-authenticate']).toMatch(/^Bearer /);
        expect(reply.text).not.toContain(token);
      }
      expect(tools()).toEqual(['alpha']);
      const ok = await admin.send({
        method: 'POST',
        path: '/steps',
        headers: { ...JSON_TYPE, authorization: `Bearer ${token}` },
        body: ADD_BETA,
      });
      expect(ok.status).toBe(200);
      expect(tools()).toEqual(['alpha', 'beta']);
      await expect(admin.client().status()).rejects.toMatchObject({ code: 'ADMIN_UNAUTHORIZED' });
      expect((await admin.client({ token }).status()).toolCount).toBe(2);
    });

    test('the admin HTTP client drives every route through the guard (reset included)', async () => {
      const remote = (await open()).client();
      await remote.applyStep({ action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } });
      expect(await remote.advanceClock(5)).toBe(5);
      await remote.reset();
      expect(tools()).toEqual(['alpha']);
      expect(server.now()).toBe(0);
    });
  });
}
