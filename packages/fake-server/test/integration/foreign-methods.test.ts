// Issue 26, "Why" bullet 3: on a legacy-only server, scripted answers and request-count triggers for
// server/discover were silently ignored — the legacy engine answered first (HTTP 400 "Mcp-Session-Id
// header is required", over stdio "Server not initialized") — so "the server never answers the probe"
// tested something else, and a scripted exitProcess on the probe never fired. A script's answer and
// its request triggers for a method the era does not answer itself now apply before the era engine,
// on every transport, for every endpoint.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createInMemoryPair } from '../../src/in-memory.js';
import {
  afterRequests,
  createFakeServer,
  type Era,
  emitListChanged,
  type FakeServer,
  scriptBuilder,
} from '../../src/index.js';
import { stdioPipes } from '../support/stdio-pipes.js';

type Transport = 'http' | 'stdio' | 'in-memory';

/** Per endpoint: a method its era does not answer, and how a client of the other era would send it. */
const ENDPOINTS: ReadonlyArray<{ eras: Era[]; method: string; params: Record<string, unknown> }> = [
  {
    eras: ['legacy'],
    method: 'server/discover',
    params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
  },
  {
    eras: ['modern'],
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  },
  // Known to neither era: a dual-era endpoint routes it to 2025-11-25, which has no session for it.
  { eras: ['legacy', 'modern'], method: 'vendor/probe', params: {} },
];

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Sends one request over `transport` the way a client that speaks the other era would, and returns the answer. */
async function send(server: FakeServer, transport: Transport, method: string, params: unknown) {
  const request = { jsonrpc: '2.0', id: 7, method, params };
  if (transport === 'http') {
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    const modern = method !== 'initialize' && method !== 'vendor/probe';
    const response = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(modern ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method } : {}),
      },
      body: JSON.stringify(request),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  if (transport === 'stdio') {
    const pipes = stdioPipes(server);
    cleanups.push(() => pipes.stdio.close('drop'));
    pipes.write(JSON.stringify(request));
    const [body] = await pipes.next();
    return { status: undefined, body: body! };
  }
  const [client, end] = createInMemoryPair(server);
  cleanups.push(() => end.close());
  const answered = new Promise<Record<string, unknown>>((resolve) => {
    client.onmessage = (message: JSONRPCMessage) => resolve(message as unknown as Record<string, unknown>);
  });
  await client.start();
  await client.send(request as JSONRPCMessage);
  return { status: undefined, body: await answered };
}

describe('a scripted answer for a method the era does not answer itself is what goes on the wire', () => {
  for (const endpoint of ENDPOINTS)
    for (const transport of ['http', 'stdio', 'in-memory'] as const)
      test(`${endpoint.eras.join('+')} endpoint, ${endpoint.method} over ${transport}`, async () => {
        const server = createFakeServer(
          scriptBuilder('foreign')
            .eras(...endpoint.eras)
            .answers({
              method: endpoint.method,
              error: { code: -32050, message: 'probe answered as scripted', httpStatus: 503 },
            })
            .step('after-probe', emitListChanged(), afterRequests(1, { method: endpoint.method }))
            .build(),
        );
        const { status, body } = await send(server, transport, endpoint.method, endpoint.params);
        expect(body).toMatchObject({ id: 7, error: { code: -32050, message: 'probe answered as scripted' } });
        if (transport === 'http') expect(status).toBe(503);
        // The request trigger naming the method fired on it, though no era answers it.
        expect(
          server.transcript.frames.some((frame) => frame.kind === 'step' && frame.step === 'after-probe'),
        ).toBe(true);
      });
});

describe('a request trigger naming a foreign method fires without a scripted answer too', () => {
  for (const transport of ['http', 'stdio', 'in-memory'] as const)
    test(`server/discover on a legacy-only server over ${transport}: the era's refusal still counts the probe`, async () => {
      const server = createFakeServer(
        scriptBuilder('probe-counted')
          .eras('legacy')
          .step(
            'on-probe',
            emitListChanged(),
            afterRequests(1, { method: 'server/discover', phase: 'received' }),
          )
          .step('after-probe', emitListChanged(), afterRequests(1, { method: 'server/discover' }))
          .build(),
      );
      const { body } = await send(server, transport, 'server/discover', ENDPOINTS[0]!.params);
      expect(body).toHaveProperty('error');
      const fired = server.transcript.frames.flatMap((frame) => (frame.kind === 'step' ? [frame.step] : []));
      expect(fired).toEqual(['on-probe', 'after-probe']);
    });

  test('an unfiltered afterRequests trigger does not count a refused foreign probe (only the era’s own requests)', async () => {
    const server = createFakeServer(
      scriptBuilder('unfiltered')
        .eras('legacy')
        .step('first-request', emitListChanged(), afterRequests(1))
        .build(),
    );
    await send(server, 'http', 'server/discover', ENDPOINTS[0]!.params);
    expect(server.transcript.frames.some((frame) => frame.kind === 'step')).toBe(false);
  });
});
