import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createFakeServer, generateTools, scriptBuilder, transcriptToJsonl } from '../../src/index.js';
import { modernMeta } from '../support/mcp-http.js';

// Issue 16 (the fake server near the wire's limit): the HTTP transport's speed work must not move a
// byte. This conversation (both eras, pagination, repeated listings, notifications, every refusal
// the transport itself makes, paths and encodings express still serves) is replayed against a fixed
// script and seed; every response (status, headers but Date, body bytes) and the whole transcript
// (wall time aside) must equal the pinned copy, taken before the change.

const script = scriptBuilder('wire-pinned')
  .tools({ name: 'alpha', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } })
  .pageSize(4)
  .step('gen', generateTools(9), { atStart: true })
  .build();

/** One request as sent: method, path, headers (Host fixed, so no port reaches the pinned text), body. */
interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const modern = (method: string, extra: Record<string, string> = {}) => ({
  host: 'localhost:1',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...extra,
});
const legacy = (extra: Record<string, string> = {}) => ({
  host: 'localhost:1',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  ...extra,
});
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const modernRequest = (id: number, method: string, params: Record<string, unknown> = {}) =>
  json({ jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta } });

/** Sends one request on a fresh connection; the answer as text: status, headers but Date, body. */
function exchange(port: number, sent: Sent): Promise<{ text: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: sent.method, path: sent.path, headers: sent.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() !== 'date')
              headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          const body = Buffer.concat(chunks).toString('latin1');
          resolve({
            text: [`> ${sent.method} ${sent.path}`, `< ${res.statusCode}`, ...headers, body].join('\n'),
            body,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

describe('HTTP wire bytes and transcript, pinned (issue 16)', () => {
  let http: HttpTransport | undefined;
  afterEach(() => http?.close('drop'));

  test('the same script and seed give the same response bytes and the same transcript as before', async () => {
    const server = createFakeServer(script, { seed: 16 });
    http = await startHttpTransport(server, { maxBodyBytes: 4096 });
    const port = http.port;
    const answers: string[] = [];
    const send = async (sent: Sent) => {
      const answer = await exchange(port, sent);
      answers.push(answer.text);
      return answer.body;
    };

    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('server/discover'),
      body: modernRequest(1, 'server/discover'),
    });
    let cursor: string | undefined;
    let id = 2;
    do {
      const body = await send({
        method: 'POST',
        path: '/mcp',
        headers: modern('tools/list'),
        body: modernRequest(id++, 'tools/list', cursor === undefined ? {} : { cursor }),
      });
      cursor = (JSON.parse(body) as { result: { nextCursor?: string } }).result.nextCursor;
    } while (cursor !== undefined);
    // The same first page again (the shared page), with a string id and a large integer id.
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list'),
      body: modernRequest(id++, 'tools/list'),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list'),
      body: Buffer.from(
        `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"tools/list","params":{"_meta":${JSON.stringify(modernMeta)}}}`,
      ),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/call', { 'mcp-name': 'alpha' }),
      body: modernRequest(id++, 'tools/call', { name: 'alpha', arguments: { q: 'x' } }),
    });
    // Legacy era: a session, a notification, a listing, the session's end.
    const initialize = {
      method: 'POST',
      path: '/mcp',
      headers: legacy(),
      body: json({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'pin', version: '0' },
        },
      }),
    };
    const before = answers.length;
    await send(initialize);
    const session = /mcp-session-id: (\S+)/i.exec(answers[before]!)?.[1] ?? 'none';
    const inSession = legacy({ 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: inSession,
      body: json({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: inSession,
      body: json({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    await send({ method: 'DELETE', path: '/mcp', headers: inSession });
    // Refusals made by the transport or the request path.
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list'),
      body: Buffer.from('{not json'),
    });
    await send({ method: 'POST', path: '/mcp', headers: modern('tools/list'), body: Buffer.from('[1,2]') });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list'),
      body: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","x":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list'),
      body: modernRequest(90, 'tools/list', { pad: 'x'.repeat(5000) }),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: { ...modern('tools/list'), accept: 'application/json' },
      body: modernRequest(91, 'tools/list'),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: { ...modern('tools/list'), host: 'evil.example' },
      body: modernRequest(92, 'tools/list'),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list', { origin: 'http://evil.example' }),
      body: modernRequest(93, 'tools/list'),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list', { origin: 'http://localhost:3000' }),
      body: modernRequest(94, 'tools/list'),
    });
    await send({ method: 'POST', path: '/mcp', headers: modern('tools/list'), body: Buffer.alloc(0) });
    await send({ method: 'GET', path: '/mcp', headers: modern('tools/list') });
    await send({
      method: 'PUT',
      path: '/mcp',
      headers: modern('tools/list'),
      body: modernRequest(95, 'tools/list'),
    });
    // Paths and body framings the endpoint serves through express: trailing slash, case, query
    // string, a gzip body, a chunked body, an encoding it cannot read.
    for (const path of ['/mcp/', '/MCP', '/mcp?x=1'])
      await send({
        method: 'POST',
        path,
        headers: modern('tools/list'),
        body: modernRequest(96, 'tools/list'),
      });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list', { 'content-encoding': 'gzip' }),
      body: gzipSync(modernRequest(97, 'tools/list')),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list', { 'transfer-encoding': 'chunked' }),
      body: modernRequest(98, 'tools/list'),
    });
    await send({
      method: 'POST',
      path: '/mcp',
      headers: modern('tools/list', { 'content-encoding': 'compress' }),
      body: modernRequest(99, 'tools/list'),
    });
    await send({
      method: 'GET',
      path: '/.well-known/oauth-protected-resource',
      headers: { host: 'localhost:1' },
    });
    await send({ method: 'GET', path: '/elsewhere', headers: { host: 'localhost:1' } });

    const transcript = transcriptToJsonl(
      server.transcript.frames.map(({ wallTimeMs: _wallTimeMs, ...frame }) => frame as never),
    );
    expect(answers.length).toBe(30);
    await expect(`${answers.join('\n\n')}\n\n== transcript\n${transcript}`).toMatchFileSnapshot(
      './__pinned__/16-http-wire.txt',
    );
  });
});

describe('a client that goes away mid-body (issue 16: the direct path reads bodies itself)', () => {
  let http: HttpTransport | undefined;
  afterEach(() => http?.close('drop'));

  /** Sends headers and part of a body, then resets the connection; resolves with the frames it left. */
  async function abortMidBody(headers: Record<string, string>) {
    const server = createFakeServer(script, { seed: 16 });
    http = await startHttpTransport(server);
    const recorded = new Promise<void>((resolve) => {
      server.transcript.subscribe((frame) => {
        if (frame.direction === 'out') resolve();
      });
    });
    const req = request({
      host: '127.0.0.1',
      port: http.port,
      method: 'POST',
      path: '/mcp',
      headers: { ...modern('tools/list'), ...headers, 'content-length': '100' },
      agent: false,
    });
    req.on('error', () => undefined);
    req.write('{"jsonrpc":"2.0",');
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await recorded;
    await http.close('drop');
    http = undefined;
    return server.transcript.frames.map(
      ({ wallTimeMs: _wallTimeMs, streamId: _streamId, ...frame }) => frame,
    );
  }

  test('is recorded as an unreadable body (400, request aborted), as express records it', async () => {
    const direct = await abortMidBody({});
    // A Content-Encoding of identity sends the same request through express's body-parser.
    const express = await abortMidBody({ 'content-encoding': 'identity' });
    expect(direct).toEqual(express);
    expect(direct.slice(-2)).toMatchObject([
      { direction: 'in', note: 'body not readable: request aborted' },
      {
        direction: 'out',
        httpStatus: 400,
        message: { error: { code: -32600, message: 'Bad request: request aborted' } },
      },
    ]);
  });
});
