// Regression (issue 10, found by fuzzing): integer request ids beyond 2^53 came back altered
// (JSON.parse rounds them). They are now answered with exactly the number the client sent, in
// results, errors and a listen stream's subscriptionId, over HTTP and stdio.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { startHttpTransport } from '../../src/http.js';
import { createFakeServer, transcriptToJsonl } from '../../src/index.js';
import { runStdioServer } from '../../src/stdio.js';

const BIG = '9007199254740993';
const HUGE = '-123456789012345678901234567890';
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const headers = (method: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
});
const request = (id: string, method: string, params: Record<string, unknown> = {}) =>
  `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${JSON.stringify({ ...params, _meta: meta })}}`;

describe('an integer request id beyond 2^53', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test('comes back exactly over HTTP: results, errors and a listen stream', async () => {
    const server = createFakeServer({
      toolshiftScript: 1,
      catalog: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
    });
    const http = await startHttpTransport(server);
    cleanups.push(() => http.close('drop'));
    const listed = await fetch(http.url, {
      method: 'POST',
      headers: headers('tools/list'),
      body: request(BIG, 'tools/list'),
    });
    expect(await listed.text()).toMatch(new RegExp(`^\\{"jsonrpc":"2.0","id":${BIG},"result"`));
    const unknown = await fetch(http.url, {
      method: 'POST',
      headers: headers('nope/x'),
      body: request(HUGE, 'nope/x'),
    });
    expect(await unknown.text()).toContain(`"id":${HUGE},"error"`);
    const listen = await fetch(http.url, {
      method: 'POST',
      headers: headers('subscriptions/listen'),
      body: request(BIG, 'subscriptions/listen', { notifications: { toolsListChanged: true } }),
    });
    const reader = listen.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
    expect(text).toContain(`"io.modelcontextprotocol/subscriptionId":${BIG}`);
    await reader.cancel();
    // The transcript export shows the id the client sent, too.
    expect(transcriptToJsonl(server.transcript.frames)).toContain(`"id":${BIG}`);
  });

  test('comes back exactly over stdio', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stdio = runStdioServer(createFakeServer({ toolshiftScript: 1 }), { stdin, stdout });
    cleanups.push(() => stdio.close('drop'));
    let out = '';
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    stdin.write(
      `{"jsonrpc":"2.0","id":${BIG},"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n`,
    );
    await expect.poll(() => out).toContain('\n');
    expect(out).toMatch(new RegExp(`^\\{"jsonrpc":"2.0","id":${BIG},"result"`));
  });
});
