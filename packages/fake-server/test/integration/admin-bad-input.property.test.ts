import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer, type FakeServer } from '../../src/index.js';

/**
 * Bad input on the admin API over real HTTP: generated methods, paths, query strings and bodies.
 * Every answer is JSON with a stable error code (or a success), never a 5xx; a POST carrying a
 * query string is refused with 400 ADMIN_REQUEST_INVALID (its filter would be dropped); waits are
 * bounded (timeoutMs ≤ 30 here) so the property stays fast. TOOLSHIFT_FUZZ_RUNS raises the count.
 */
const TOTAL = Math.max(300, Math.floor(Number(process.env.TOOLSHIFT_FUZZ_RUNS ?? 10_000) / 10));
const SEED = Number(process.env.TOOLSHIFT_FUZZ_SEED ?? 20260728);
const CODES = [
  'ADMIN_REQUEST_INVALID',
  'ADMIN_STEP_REJECTED',
  'SCRIPT_UNKNOWN_STEP',
  'STEP_FAILED',
  'WAIT_TIMED_OUT',
];

const token = fc.string({ unit: fc.constantFrom(...'abcdefxyz0123_-/.'.split('')), maxLength: 12 });
const path = fc.oneof(
  fc.constantFrom('/status', '/steps', '/transcript', '/transcript/wait', '/clock', '/reset'),
  token.map((t) => `/${t}`),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom(
        'method',
        'direction',
        'kind',
        'afterSeq',
        'limit',
        'timeoutMs',
        'format',
        'stepId',
        'x',
      ),
      fc.oneof(token, fc.constantFrom('1', '-1', 'NaN', '20', 'in', 'message', 'jsonl')),
      { maxKeys: 3 },
    )
    .map((entries) => {
      const params = new URLSearchParams(entries);
      if (params.has('timeoutMs')) params.set('timeoutMs', '20');
      const text = params.toString();
      return text === '' ? '' : `?${text}`;
    }),
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
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE'),
  path,
  query,
  body,
});

describe(`bad input on the admin API (${TOTAL} requests, seed ${SEED})`, () => {
  let server: FakeServer;
  let http: HttpTransport;
  beforeAll(async () => {
    server = createFakeServer(
      {
        toolshiftScript: 1,
        catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
        steps: [{ id: 'known', action: { action: 'emitListChanged' } }],
      },
      { transcript: 'memory' },
    );
    http = await startHttpTransport(server);
  });
  afterAll(() => http.close('drop'));

  test('every answer is JSON with a stable code or a success, never a 5xx; a POST with a query is refused', async () => {
    let refusedQueries = 0;
    const details = await fc.check(
      fc.asyncProperty(request, async (input) => {
        const response = await fetch(`${http.adminUrl}${input.path}${input.query}`, {
          method: input.method,
          ...(input.method === 'GET'
            ? {}
            : { body: input.body, headers: { 'content-type': 'application/json' } }),
        });
        const text = await response.text();
        if (response.status >= 500)
          throw new Error(`${response.status} for ${JSON.stringify(input)}: ${text}`);
        if ((response.headers.get('content-type') ?? '').includes('jsonl')) return;
        if (response.status === 204 && text === '') return;
        let reply: { error?: { code?: string } };
        try {
          reply = JSON.parse(text) as { error?: { code?: string } };
        } catch {
          throw new Error(`not JSON (${response.status}) for ${JSON.stringify(input)}: ${text.slice(0, 80)}`);
        }
        if (response.status >= 400 && !CODES.includes(reply.error?.code ?? ''))
          throw new Error(`unstable error ${text} for ${JSON.stringify(input)}`);
        const known = ['/status', '/steps', '/transcript', '/transcript/wait', '/clock', '/reset'].includes(
          input.path,
        );
        if (
          input.method === 'POST' &&
          input.query !== '' &&
          known &&
          !['/status', '/transcript'].includes(input.path)
        ) {
          refusedQueries += 1;
          if (response.status !== 400 || reply.error?.code !== 'ADMIN_REQUEST_INVALID')
            throw new Error(`a POST with a query was not refused: ${JSON.stringify(input)} → ${text}`);
        }
      }),
      { seed: SEED, numRuns: TOTAL, endOnFailure: true },
    );
    if (details.failed) {
      throw new Error(
        `admin bad-input property failed (seed ${details.seed}, path ${details.counterexamplePath}): ${String((details.errorInstance as Error | undefined)?.message)}`,
      );
    }
    expect(refusedQueries).toBeGreaterThan(0);
    expect((await fetch(`${http.adminUrl}/status`)).status).toBe(200);
  }, 120_000);
});
