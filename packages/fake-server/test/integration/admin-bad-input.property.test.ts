import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeServer, type FakeServer } from '../../src/index.js';
import { ADMIN_LISTENERS, type StartedAdminListener } from '../support/admin-listeners.js';

/**
 * Bad input on the admin API over every admin listener (the HTTP transport's admin routes, the
 * standalone admin server of `serve --stdio --admin-port`, the msw handlers' admin routes):
 * generated methods, paths, query strings, headers (`Origin`, `Content-Type`, a token) and bodies.
 * Every answer is JSON with a stable error code (or a success), never a 5xx; a POST carrying a query
 * string is refused with 400 ADMIN_REQUEST_INVALID (its filter would be dropped); a request from a
 * web origin (`null` included) is 403, a POST that is not `application/json` 415, a request without
 * the token 401, and none of those changes anything. Waits are bounded (timeoutMs ≤ 20 here) so the
 * property stays fast. TOOLSHIFT_FUZZ_RUNS raises the count (a tenth of it per listener).
 */
const PER_LISTENER = Math.max(300, Math.floor(Number(process.env.TOOLSHIFT_FUZZ_RUNS ?? 10_000) / 10));
const SEED = Number(process.env.TOOLSHIFT_FUZZ_SEED ?? 20260728);
const TOKEN = 'fuzz-admin-token';
const CODES = [
  'ADMIN_REQUEST_INVALID',
  'ADMIN_STEP_REJECTED',
  'SCRIPT_UNKNOWN_STEP',
  'STEP_FAILED',
  'WAIT_TIMED_OUT',
  'ADMIN_FORBIDDEN',
  'ADMIN_UNAUTHORIZED',
  'ADMIN_UNSUPPORTED_MEDIA_TYPE',
];
const ROUTES = ['/status', '/steps', '/transcript', '/transcript/wait', '/clock', '/reset'];
const POST_ROUTES = ['/steps', '/transcript/wait', '/clock', '/reset'];

const token = fc.string({ unit: fc.constantFrom(...'abcdefxyz0123_-/.'.split('')), maxLength: 12 });
const path = fc.oneof(
  fc.constantFrom(...ROUTES),
  token.map((t) => `/${t}`),
);
const query = fc.oneof(
  fc.constant(''),
  fc.dictionary(
    fc.constantFrom('method', 'direction', 'kind', 'afterSeq', 'limit', 'timeoutMs', 'format', 'stepId', 'x'),
    fc.oneof(token, fc.constantFrom('1', '-1', 'NaN', '20', 'in', 'message', 'jsonl')),
    { maxKeys: 3 },
  ),
);
const body = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"stepId":"known"}',
    '{"stepId":"unknown"}',
    '{"action":"emitListChanged"}',
    '{"action":"removeTool","name":"ghost"}',
    '{"action":"explode"}',
    '{"advanceMs":5}',
    '{"advanceMs":-1}',
    '{"filter":{"kind":"step"},"timeoutMs":20}',
    '{"filter":{"nope":1},"timeoutMs":20}',
  ),
);
const origin = fc.constantFrom(
  undefined,
  undefined,
  undefined,
  'null',
  'http://evil.example',
  'http://localhost:5173',
  'https://127.0.0.1.evil.example',
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);
const authorization = fc.constantFrom(`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, undefined, 'Bearer nope');
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE'),
  path,
  query,
  body,
  origin,
  contentType,
  authorization,
});

type Input = typeof request extends fc.Arbitrary<infer T> ? T : never;

/** What must not move when a request is refused before its route. */
const stateOf = (server: FakeServer) =>
  JSON.stringify([server.catalogRevision, server.now(), server.transcript.lastSeq]);

for (const [name, start] of Object.entries(ADMIN_LISTENERS)) {
  describe(`bad input on the admin API, ${name} listener (${PER_LISTENER} requests, seed ${SEED})`, () => {
    let server: FakeServer;
    let admin: StartedAdminListener;
    beforeAll(async () => {
      server = createFakeServer(
        {
          toolshiftScript: 1,
          catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
          steps: [{ id: 'known', action: { action: 'emitListChanged' } }],
        },
        { transcript: 'memory' },
      );
      // A frame to match, so a wait with an empty filter answers at once.
      server.apply('known');
      admin = await start(server, { token: TOKEN });
    });
    afterAll(() => admin.close());

    test('every answer is JSON with a stable code or a success, never a 5xx; refused requests change nothing', async () => {
      const seen = { queries: 0, forbidden: 0, mediaType: 0, unauthorized: 0 };
      const details = await fc.check(
        fc.asyncProperty(request, async (input) => {
          const params = new URLSearchParams(input.query);
          // Every wait is bounded: a GET wait without its own short timeout would wait 5 s.
          if (params.has('timeoutMs') || input.path === '/transcript/wait') params.set('timeoutMs', '20');
          const search = params.toString() === '' ? '' : `?${params}`;
          const before = stateOf(server);
          const reply = await admin.send({
            method: input.method,
            path: `${input.path}${search}`,
            headers: {
              ...(input.origin !== undefined ? { origin: input.origin } : {}),
              ...(input.contentType !== undefined && input.method !== 'GET'
                ? { 'content-type': input.contentType }
                : {}),
              ...(input.authorization !== undefined ? { authorization: input.authorization } : {}),
            },
            ...(input.method === 'GET' ? {} : { body: input.body }),
          });
          const shown = () => `${JSON.stringify(input)} → ${reply.status} ${reply.text.slice(0, 120)}`;
          if (reply.status >= 500) throw new Error(`5xx for ${shown()}`);
          if ((reply.headers['content-type'] ?? '').includes('jsonl')) return;
          if (reply.status === 204 && reply.text === '') return;
          let parsed: { error?: { code?: string } };
          try {
            parsed = JSON.parse(reply.text) as { error?: { code?: string } };
          } catch {
            throw new Error(`not JSON: ${shown()}`);
          }
          const code = parsed.error?.code ?? '';
          if (reply.status >= 400 && !CODES.includes(code)) throw new Error(`unstable error: ${shown()}`);
          const expected = guardVerdict(input);
          if (expected !== undefined) {
            seen[expected.counter] += 1;
            if (reply.status !== expected.status || code !== expected.code)
              throw new Error(`expected ${expected.status} ${expected.code}: ${shown()}`);
            if (stateOf(server) !== before)
              throw new Error(`a refused request changed the server: ${shown()}`);
            return;
          }
          // A POST to a route that takes POST (a GET-only route answers 405 first).
          if (input.method === 'POST' && search !== '' && POST_ROUTES.includes(input.path)) {
            seen.queries += 1;
            if (reply.status !== 400 || code !== 'ADMIN_REQUEST_INVALID')
              throw new Error(`a POST with a query was not refused: ${shown()}`);
          }
        }),
        { seed: SEED, numRuns: PER_LISTENER, endOnFailure: true },
      );
      if (details.failed) {
        throw new Error(
          `admin bad-input property failed on ${name} (seed ${details.seed}, path ${details.counterexamplePath}): ${String((details.errorInstance as Error | undefined)?.message)}`,
        );
      }
      // Each refusal was exercised, so the property could have failed on it.
      expect(Object.values(seen).every((count) => count > 0)).toBe(true);
      expect(
        (await admin.send({ method: 'GET', path: '/status', headers: { authorization: `Bearer ${TOKEN}` } }))
          .status,
      ).toBe(200);
    }, 180_000);
  });
}

/** The guard's answer, when the guard (not the route) must answer: origin, then token, then media type. */
function guardVerdict(
  input: Input,
): { status: number; code: string; counter: 'forbidden' | 'unauthorized' | 'mediaType' } | undefined {
  if (input.origin !== undefined && input.origin !== 'http://localhost:5173')
    return { status: 403, code: 'ADMIN_FORBIDDEN', counter: 'forbidden' };
  if (input.authorization !== `Bearer ${TOKEN}`)
    return { status: 401, code: 'ADMIN_UNAUTHORIZED', counter: 'unauthorized' };
  if (input.method === 'POST' && !(input.contentType ?? '').startsWith('application/json'))
    return { status: 415, code: 'ADMIN_UNSUPPORTED_MEDIA_TYPE', counter: 'mediaType' };
  return undefined;
}
