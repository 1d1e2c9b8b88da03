// Regression (issue 10, found by fuzzing): POST /__toolshift/transcript/wait ignored its query
// string, so a filter there was dropped and the wait matched any frame. A POST to the admin API
// with query parameters is now refused (400 ADMIN_REQUEST_INVALID naming the parameter).
import { afterEach, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createFakeServer } from '../../src/index.js';

describe('admin POST with a query string', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test.each([
    ['/transcript/wait?method=tools/list&timeoutMs=50', '{}', 'method'],
    ['/transcript/wait?direction=in', '{"filter":{"kind":"step"},"timeoutMs":50}', 'direction'],
    ['/steps?stepId=x', '{"action":"emitListChanged"}', 'stepId'],
    ['/clock?advanceMs=5', '{"advanceMs":1}', 'advanceMs'],
    ['/reset?now=1', '{}', 'now'],
  ])('POST %s is refused, naming %s, and changes nothing', async (path, body, parameter) => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    server.apply({ action: 'emitListChanged' });
    const before = server.transcript.lastSeq;
    const response = await fetch(`${http.adminUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as {
      error: { code: string; message: string; data: { parameter: string } };
    };
    expect(reply.error.code).toBe('ADMIN_REQUEST_INVALID');
    expect(reply.error.data.parameter).toBe(parameter);
    expect(reply.error.message).toContain('JSON body');
    expect(server.transcript.lastSeq).toBe(before);
    expect(server.now()).toBe(0);
  });

  test('the same wait with its filter in the body waits for a matching frame', async () => {
    const server = createFakeServer({ toolshiftScript: 1 });
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    server.apply({ action: 'emitListChanged' });
    const response = await fetch(`${http.adminUrl}/transcript/wait`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { kind: 'message', method: 'tools/list' }, timeoutMs: 50 }),
    });
    expect(response.status).toBe(408);
  });
});
