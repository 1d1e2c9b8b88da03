import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startAdminServer, startHttpTransport } from '../../src/http.js';
import {
  type AdminApi,
  createAdminHttpClient,
  createFakeServer,
  createLocalAdmin,
  type FakeServer,
  isToolshiftError,
  type ScriptDocument,
  transcriptFromJsonl,
} from '../../src/index.js';
import { createMswHandlers } from '../../src/msw.js';

const script: ScriptDocument = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
  steps: [
    {
      id: 'add-beta',
      action: { action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } },
    },
    { id: 'late', trigger: { atTick: 1000 }, action: { action: 'removeTool', name: 'alpha' } },
  ],
};

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

interface Harness {
  server: FakeServer;
  admin: AdminApi;
  /** Sends one modern tools/list to the MCP endpoint of this harness (recorded in the transcript). */
  listTools(id: number): Promise<void>;
}

/** One AdminApi implementation under test: in-process, remote over real HTTP, remote over msw. */
const implementations: Record<string, (cleanups: Array<() => Promise<void> | void>) => Promise<Harness>> = {
  local: async () => {
    const server = createFakeServer(script);
    return {
      server,
      admin: createLocalAdmin(server),
      listTools: async (id) => {
        await server.handle({
          transport: 'in-memory',
          headers: {},
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta } }),
        });
      },
    };
  },
  'http (remote)': async (cleanups) => {
    const server = createFakeServer(script);
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    return {
      server,
      admin: createAdminHttpClient(http.adminUrl!),
      listTools: (id) => postList(http.url, id),
    };
  },
  'msw (remote)': async (cleanups) => {
    const server = createFakeServer(script);
    const url = 'http://127.0.0.1:9/mcp';
    msw.use(...createMswHandlers(server, { url }));
    cleanups.push(() => msw.resetHandlers());
    return {
      server,
      admin: createAdminHttpClient('http://127.0.0.1:9/__toolshift'),
      listTools: (id) => postList(url, id),
    };
  },
};

async function postList(url: string, id: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta } }),
  });
  expect(response.status).toBe(200);
  await response.text();
}

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; data: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (isToolshiftError(error)) return { code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected a rejection');
}

for (const [name, make] of Object.entries(implementations)) {
  describe(`AdminApi: ${name}`, () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    test('applies a script step by id, a step object and a bare action, each recorded as a step frame', async () => {
      const { admin, server } = await make(cleanups);
      const byId = await admin.applyStep('add-beta');
      expect(byId).toMatchObject({ kind: 'step', step: 'add-beta', catalogRevision: 2 });
      const byStep = await admin.applyStep({
        id: 'rename',
        action: { action: 'addTool', tool: { name: 'gamma', inputSchema: { type: 'object' } } },
      });
      expect(byStep).toMatchObject({ kind: 'step', step: 'rename', catalogRevision: 3 });
      const byAction = await admin.applyStep({ action: 'removeTool', name: 'alpha' });
      expect(byAction.catalogRevision).toBe(4);
      expect(server.tools().map((t) => t.name)).toEqual(['beta', 'gamma']);
      expect(await admin.status()).toMatchObject({ catalogRevision: 4, toolCount: 2 });
    });

    test('refuses an invalid step with its pointer and rule, an unknown id, and a step the world cannot take', async () => {
      const { admin, server } = await make(cleanups);
      const invalid = await rejection(admin.applyStep({ action: 'addTool', tool: { name: '' } } as never));
      expect(invalid.code).toBe('ADMIN_STEP_REJECTED');
      expect(invalid.data).toMatchObject({ pointer: expect.stringContaining('/tool') });
      expect((await rejection(admin.applyStep('nope'))).code).toBe('SCRIPT_UNKNOWN_STEP');
      expect((await rejection(admin.applyStep({ action: 'removeTool', name: 'ghost' }))).code).toBe(
        'STEP_FAILED',
      );
      expect(server.catalogRevision).toBe(1);
    });

    test('reads the transcript as JSON and JSONL, from a seq on, filtered', async () => {
      const { admin, listTools } = await make(cleanups);
      await listTools(1);
      await admin.applyStep('add-beta');
      await listTools(2);
      const all = await admin.transcript();
      expect(all.frames.map((f) => f.seq)).toEqual(all.frames.map((_, i) => i + 1));
      expect(all.lastSeq).toBe(all.frames.length);
      const later = await admin.transcript({
        afterSeq: 2,
        filter: { direction: 'in', method: 'tools/list' },
      });
      expect(later.frames.map((f) => (f.message as { id: number }).id)).toEqual([2]);
      const jsonl = await admin.transcriptJsonl();
      const parsed = transcriptFromJsonl(jsonl);
      expect(parsed.map((f) => f.seq)).toEqual(all.frames.map((f) => f.seq));
      expect(parsed.every((f) => f.wallTimeMs === undefined)).toBe(true);
      expect((await admin.transcript({ limit: 1 })).frames).toHaveLength(1);
    });

    test('a wait long-polls until a matching frame arrives, or times out with WAIT_TIMED_OUT', async () => {
      const { admin, listTools } = await make(cleanups);
      const waiting = admin.waitFor({ direction: 'out', messageId: 41 }, { timeoutMs: 10_000 });
      await listTools(40);
      await listTools(41);
      const frame = await waiting;
      expect(frame).toMatchObject({ direction: 'out', message: { id: 41 } });
      const timedOut = await rejection(admin.waitFor({ method: 'never/sent' }, { timeoutMs: 1 }));
      expect(timedOut.code).toBe('WAIT_TIMED_OUT');
    });

    test('advancing the logical clock fires atTick steps; reset restores the start', async () => {
      const { admin, server } = await make(cleanups);
      expect(await admin.advanceClock(999)).toBe(999);
      expect(server.tools().map((t) => t.name)).toEqual(['alpha']);
      expect(await admin.advanceClock(1)).toBe(1000);
      expect(server.tools()).toEqual([]);
      expect((await rejection(admin.advanceClock(-5))).code).toBe('ADMIN_REQUEST_INVALID');
      await admin.reset();
      expect(await admin.status()).toMatchObject({ catalogRevision: 1, nowMs: 0, lastSeq: 0, toolCount: 1 });
    });
  });
}

describe('admin HTTP routes', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  test('unknown paths get 404, wrong methods 405 with Allow, bad JSON 400, all with an error code', async () => {
    const server = createFakeServer(script);
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close());
    const base = http.adminUrl!;
    const missing = await fetch(`${base}/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'ADMIN_REQUEST_INVALID' } });
    const wrong = await fetch(`${base}/reset`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    await wrong.text();
    const json = { 'content-type': 'application/json' };
    const bad = await fetch(`${base}/steps`, { method: 'POST', headers: json, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'ADMIN_REQUEST_INVALID' } });
    const jsonl = await fetch(`${base}/transcript`, { headers: { accept: 'application/x-ndjson' } });
    expect(jsonl.headers.get('content-type')).toContain('application/jsonl');
    await jsonl.text();
    const waited = await fetch(`${base}/transcript/wait?kind=step&timeoutMs=1`);
    expect(waited.status).toBe(408);
    await waited.text();
    const unknownField = await fetch(`${base}/transcript/wait`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ filter: { colour: 'red' } }),
    });
    expect(unknownField.status).toBe(400);
    await unknownField.text();
  });

  test('admin traffic is never recorded, and the admin API can be turned off', async () => {
    const server = createFakeServer(script);
    const http = await startHttpTransport(server, { adminPath: false });
    cleanups.push(() => http.close());
    expect(http.adminUrl).toBeUndefined();
    const off = await fetch(new URL('/__toolshift/status', http.url));
    expect(off.status).toBe(404);
    await off.text();
    const on = await startHttpTransport(server);
    cleanups.push(() => on.close());
    await (await fetch(`${on.adminUrl}/status`)).text();
    expect(server.transcript.frames).toEqual([]);
  });

  test('a standalone admin server drives a server that talks MCP elsewhere (stdio)', async () => {
    const server = createFakeServer(script);
    const admin = await startAdminServer(server);
    cleanups.push(() => admin.close());
    const remote = createAdminHttpClient(admin.url);
    await remote.applyStep('add-beta');
    expect(server.tools().map((t) => t.name)).toEqual(['alpha', 'beta']);
  });

  test('an unreachable admin API is TRANSPORT_FAILED', async () => {
    const remote = createAdminHttpClient('http://127.0.0.1:9/__toolshift');
    expect((await rejection(remote.status())).code).toBe('TRANSPORT_FAILED');
  });
});
