import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  clearFaults,
  createFakeServer,
  type Fault,
  injectFault,
  isToolshiftError,
  PADDING_META_KEY,
  scriptBuilder,
} from '../../src/index.js';
import { runStdioServer } from '../../src/stdio.js';
import { MODERN_META, openSse, postModern, resultOf, useLoopback } from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const withFault = (
  fault: Fault,
  target: { method?: string; tool?: string; skip?: number; times?: number | 'always' } = {
    method: 'tools/list',
  },
) =>
  scriptBuilder('fault')
    .tools(tool('a'), tool('b'))
    .step('fault', injectFault(fault, target), { atStart: true });

describe('faults', () => {
  const fixture = useLoopback();

  it('httpStatus 429 carries Retry-After and a JSON-RPC error; only the targeted request is hit', async () => {
    const { url, server } = await fixture.start(
      withFault({ kind: 'httpStatus', status: 429, retryAfterSeconds: 7 }).build(),
    );
    const limited = await postModern(url, 1, 'tools/list');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Too Many Requests' },
    });
    expect((await postModern(url, 2, 'tools/list')).status).toBe(200);
    const out = server.transcript.frames.find((f) => f.direction === 'out' && f.httpStatus === 429);
    expect(out?.fault).toBe('httpStatus');
  });

  it('httpStatus 500 and 503 with text or empty bodies; the SDK client reports the failure', async () => {
    const { url } = await fixture.start(
      scriptBuilder('outage')
        .tools(tool('a'))
        .step(
          'f1',
          injectFault({ kind: 'httpStatus', status: 503, body: 'text' }, { method: 'tools/list' }),
          { atStart: true },
        )
        .step(
          'f2',
          injectFault({ kind: 'httpStatus', status: 500, body: 'empty' }, { method: 'tools/call' }),
          { atStart: true },
        )
        .build(),
    );
    const down = await postModern(url, 1, 'tools/list');
    expect([down.status, down.headers.get('content-type'), down.text]).toEqual([
      503,
      'text/plain',
      '503 Service Unavailable',
    ]);
    const client = await fixture.connect(url, 'modern');
    await expect(client.callTool({ name: 'a', arguments: {} })).rejects.toMatchObject({
      data: { status: 500, text: '' },
    });
  });

  it('malformedJson: the body is cut in half but still labelled JSON', async () => {
    const { url } = await fixture.start(withFault({ kind: 'malformedJson' }).build());
    const reply = await postModern(url, 1, 'tools/list');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.json).toBeUndefined();
    expect(reply.text.startsWith('{"jsonrpc":"2.0","id":1,"result":')).toBe(true);
  });

  it('wrongId: the response answers an id the client never used', async () => {
    const { url } = await fixture.start(withFault({ kind: 'wrongId' }).build());
    expect((await postModern(url, 41, 'tools/list')).json?.id).toBe(1_000_041);
    expect((await postModern(url, 'req-1', 'tools/list')).json?.id).toBe('req-1');
  });

  it('versionMismatch on server/discover: -32022 naming legacy versions, and the SDK client falls back to legacy', async () => {
    const { url, server } = await fixture.start(
      withFault(
        { kind: 'versionMismatch', supported: ['2025-11-25'] },
        { method: 'server/discover' },
      ).build(),
    );
    const client = await fixture.connect(url, 'modern');
    expect(client.getProtocolEra()).toBe('legacy');
    const refused = server.transcript.frames.find((f) => f.fault === 'versionMismatch');
    expect(refused).toMatchObject({
      httpStatus: 400,
      message: { error: { code: -32022, data: { supported: ['2025-11-25'], requested: '2026-07-28' } } },
    });
  });

  it('versionMismatch on legacy initialize: an unusable version is offered and the SDK client refuses it', async () => {
    const { url } = await fixture.start(
      withFault({ kind: 'versionMismatch' }, { method: 'initialize' }).build(),
    );
    await expect(fixture.connect(url, 'legacy')).rejects.toThrow(/1900-01-01|protocol version/i);
  });

  it('delay on the logical clock holds the answer until the clock advances', async () => {
    const { url, server } = await fixture.start(
      withFault({ kind: 'delay', ms: 5_000, clock: 'logical' }).build(),
    );
    let answered = false;
    const pending = postModern(url, 1, 'tools/list').then((reply) => {
      answered = true;
      return reply;
    });
    await server.waitFor((f) => f.kind === 'note' && /fault 'delay'/.test(f.note ?? ''));
    server.advanceClock(4_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    server.advanceClock(1);
    expect(resultOf<{ tools: unknown[] }>(await pending).tools).toHaveLength(2);
  });

  it('delay on the wall clock still answers, with the answer recorded when it is sent', async () => {
    const { url, server } = await fixture.start(withFault({ kind: 'delay', ms: 20 }).build());
    const reply = await postModern(url, 1, 'tools/list');
    expect(reply.status).toBe(200);
    const note = server.transcript.frames.find(
      (f) => f.kind === 'note' && /fault 'delay'/.test(f.note ?? ''),
    );
    const answer = server.transcript.frames.find(
      (f) => f.direction === 'out' && f.streamId === note?.streamId,
    );
    expect(answer?.seq).toBeGreaterThan(note?.seq ?? 0);
  });

  it('hang: the request is never answered; the SDK client times out', async () => {
    const { url, server } = await fixture.start(withFault({ kind: 'hang' }).build());
    const client = await fixture.connect(url, 'modern');
    await expect(client.listTools(undefined, { timeout: 200 })).rejects.toThrow(/timed out|timeout/i);
    const hit = server.transcript.frames.find((f) => f.kind === 'note' && /fault 'hang'/.test(f.note ?? ''));
    expect(server.transcript.frames.some((f) => f.direction === 'out' && f.streamId === hit?.streamId)).toBe(
      false,
    );
  });

  it('oversizeBody pads the result to at least the asked size', async () => {
    const { url } = await fixture.start(withFault({ kind: 'oversizeBody', bytes: 2 * 1024 * 1024 }).build());
    const reply = await postModern(url, 1, 'tools/list');
    expect(reply.text.length).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    const result = resultOf<{ tools: unknown[]; _meta: Record<string, string> }>(reply);
    expect(result.tools).toHaveLength(2);
    expect(result._meta[PADDING_META_KEY]?.length).toBeGreaterThan(2_000_000);
  });

  it('truncatedSseFrame: the answer is an SSE event cut mid-frame, then the connection resets', async () => {
    const { url } = await fixture.start(withFault({ kind: 'truncatedSseFrame' }).build());
    const stream = await openSse(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }),
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.ended).toBe('error');
    expect(stream.events).toEqual([]);
    expect(stream.pending.startsWith('data: {"jsonrpc":"2.0","id":1,')).toBe(true);
  });

  it('truncatedSseFrame with legacy event ids: the SDK client resumes with Last-Event-ID and gets the full answer', async () => {
    const { url, server } = await fixture.start(
      withFault({ kind: 'truncatedSseFrame' }).streams({ postResponse: 'sse', eventIds: true }).build(),
    );
    const client = await fixture.connect(url, 'legacy', {
      transport: {
        reconnectionOptions: {
          initialReconnectionDelay: 1,
          maxReconnectionDelay: 10,
          reconnectionDelayGrowFactor: 1,
          maxRetries: 3,
        },
      },
    });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a', 'b']);
    const resumed = server.transcript.frames.find(
      (f) => f.direction === 'in' && f.headers?.['last-event-id'] !== undefined,
    );
    expect(resumed?.headers?.['last-event-id']).toMatch(/^post-\d+:0$/);
  });

  it('skip, times and tool targeting decide which requests a fault hits; clearFaults disarms', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('targeting')
        .tools(tool('a'), tool('b'))
        .step('f', injectFault({ kind: 'httpStatus', status: 503 }, { tool: 'b', skip: 1, times: 2 }), {
          atStart: true,
        })
        .step(
          'always',
          injectFault({ kind: 'httpStatus', status: 500 }, { method: 'tools/list', times: 'always' }),
        )
        .build(),
    );
    const call = (id: number, name: string) => postModern(url, id, 'tools/call', { name, arguments: {} });
    const statuses = [];
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'b'],
      [4, 'a'],
      [5, 'b'],
      [6, 'b'],
    ] as const)
      statuses.push((await call(id, name)).status);
    expect(statuses).toEqual([200, 200, 503, 200, 503, 200]);
    server.apply('always');
    expect([
      (await postModern(url, 7, 'tools/list')).status,
      (await postModern(url, 8, 'tools/list')).status,
    ]).toEqual([500, 500]);
    server.apply(clearFaults());
    expect((await postModern(url, 9, 'tools/list')).status).toBe(200);
  });

  it('dropStream: the answer never arrives, the SSE response resets with no event', async () => {
    const { url, server } = await fixture.start(withFault({ kind: 'dropStream' }).build());
    const stream = await openSse(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }),
    });
    expect(await stream.ended).toBe('error');
    expect([stream.events, stream.pending]).toEqual([[], '']);
    const close = server.transcript.frames.find((f) => f.kind === 'stream-close' && f.closeMode === 'drop');
    expect(close?.fault).toBe('dropStream');
  });

  it('dropStream with legacy event ids: the SDK client resumes with Last-Event-ID and gets the answer', async () => {
    const { url } = await fixture.start(
      withFault({ kind: 'dropStream' }, { method: 'tools/call' })
        .streams({ postResponse: 'sse', eventIds: true })
        .build(),
    );
    const client = await fixture.connect(url, 'legacy', {
      transport: {
        reconnectionOptions: {
          initialReconnectionDelay: 1,
          maxReconnectionDelay: 10,
          reconnectionDelayGrowFactor: 1,
          maxRetries: 3,
        },
      },
    });
    expect(await client.callTool({ name: 'a', arguments: { x: 1 } })).toMatchObject({
      content: [{ type: 'text', text: '{"x":1}' }],
    });
  });

  it('a transport that cannot produce a fault rejects the script when it starts, and apply() rejects such a step', () => {
    const server = createFakeServer(withFault({ kind: 'truncatedSseFrame' }).build());
    const start = () => runStdioServer(server, { stdin: new PassThrough(), stdout: new PassThrough() });
    let caught: unknown;
    try {
      start();
    } catch (error) {
      caught = error;
    }
    expect(isToolshiftError(caught, 'FAULT_UNSUPPORTED_BY_TRANSPORT')).toBe(true);
    expect((caught as { data: unknown }).data).toMatchObject({
      transport: 'stdio',
      fault: 'truncatedSseFrame',
      pointer: '/steps/0/action/fault/kind',
    });

    const clean = createFakeServer(scriptBuilder('clean').tools(tool('a')).build());
    const stdio = runStdioServer(clean, { stdin: new PassThrough(), stdout: new PassThrough() });
    const before = clean.transcript.lastSeq;
    expect(() => clean.apply(injectFault({ kind: 'httpStatus', status: 503 }))).toThrow(
      expect.objectContaining({ code: 'FAULT_UNSUPPORTED_BY_TRANSPORT' }),
    );
    expect(clean.transcript.lastSeq).toBe(before);
    expect(() => clean.apply(injectFault({ kind: 'hang' }))).not.toThrow();
    stdio.close();
    expect(() => clean.apply(injectFault({ kind: 'httpStatus', status: 503 }))).not.toThrow();
  });
});
