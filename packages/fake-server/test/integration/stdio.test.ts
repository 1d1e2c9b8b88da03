import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, test } from 'vitest';
import { createFakeServer, type ScriptDocument } from '../../src/index.js';
import { runStdioServer, type StdioServer } from '../../src/stdio.js';

const script: ScriptDocument = {
  toolshiftScript: 1,
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
};

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A stdio server on in-process pipes, read line by line. */
function pipes(options: { maxLineBytes?: number } = {}) {
  const server = createFakeServer(script);
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stdio = runStdioServer(server, { stdin, stdout, ...options });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let partial = '';
  stdout.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    let newline = partial.indexOf('\n');
    while (newline !== -1) {
      lines.push(partial.slice(0, newline));
      partial = partial.slice(newline + 1);
      newline = partial.indexOf('\n');
    }
    for (const waiter of waiters.splice(0)) waiter();
  });
  const nextLines = async (count: number) => {
    while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return lines.splice(0, count).map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { server, stdin, stdout, stdio, nextLines };
}

describe('runStdioServer framing', () => {
  let open: StdioServer | undefined;
  afterEach(() => open?.close('drop'));

  test('reads messages split across chunks, several per chunk, with CRLF and blank lines', async () => {
    const { stdin, stdio, nextLines } = pipes();
    open = stdio;
    const list = (id: number) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta } });
    const text = `${list(1)}\r\n\n${list(2)}\n${list(3)}\n`;
    stdin.write(text.slice(0, 17));
    stdin.write(text.slice(17, 90));
    stdin.write(text.slice(90));
    const replies = await nextLines(3);
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3]);
    for (const reply of replies) expect((reply.result as { tools: unknown[] }).tools).toHaveLength(1);
  });

  test('a line that is not JSON gets -32700 and the channel keeps working', async () => {
    const { stdin, stdio, nextLines } = pipes();
    open = stdio;
    stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: meta } })}\n`,
    );
    const [parseError, discover] = await nextLines(2);
    expect(parseError).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(parseError).not.toHaveProperty('id');
    expect(discover).toMatchObject({ id: 2, result: { supportedVersions: ['2026-07-28'] } });
  });

  test('a line over the limit gets -32600 without an id and is discarded up to its newline', async () => {
    const { stdin, stdio, nextLines, server } = pipes({ maxLineBytes: 1024 });
    open = stdio;
    stdin.write(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(600)}`);
    stdin.write(`${'y'.repeat(600)}"}}\n`);
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } })}\n`,
    );
    const [tooLarge, listed] = await nextLines(2);
    expect(tooLarge).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    expect(tooLarge).not.toHaveProperty('id');
    expect(listed).toMatchObject({ id: 2 });
    // The oversize line is recorded as refused (never read), then the next line is served.
    const inbound = server.transcript.frames.filter((f) => f.direction === 'in');
    expect(inbound).toHaveLength(2);
    expect(inbound[0]!.note).toMatch(/^line of \d+ bytes not read: over the 1024-byte limit$/);
    expect(inbound[1]!.message).toMatchObject({ id: 2, method: 'tools/list' });
  });

  test('a legacy session is the connection: list_changed goes on the channel, and ends with stdin', async () => {
    const { stdin, stdio, nextLines, server } = pipes();
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    const [init] = await nextLines(1);
    expect(init).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await server.waitFor(
      (f) =>
        f.direction === 'in' &&
        f.message !== undefined &&
        'method' in f.message &&
        f.message.method === 'notifications/initialized',
    );
    server.apply({ action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } });
    const [changed] = await nextLines(1);
    expect(changed).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(server.openStreamCount()).toBe(1);
    stdin.end();
    expect(await stdio.closed).toBe('stdin-ended');
    expect(server.openStreamCount()).toBe(0);
    const close = server.transcript.frames.at(-1);
    expect(close).toMatchObject({
      kind: 'stream-close',
      closeMode: 'client',
      streamId: `conn-${stdio.connectionId}`,
    });
  });

  test('a modern listen stream is interleaved on the channel, every message tagged with its subscription id', async () => {
    const { stdin, stdio, nextLines, server } = pipes();
    open = stdio;
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'L1', method: 'subscriptions/listen', params: { _meta: meta, notifications: { toolsListChanged: true } } })}\n`,
    );
    const [ack] = await nextLines(1);
    expect(ack).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'L1' },
        notifications: { toolsListChanged: true },
      },
    });
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: meta } })}\n`,
    );
    const [listed] = await nextLines(1);
    expect(listed).toMatchObject({ id: 7 });
    server.apply({ action: 'removeTool', name: 'alpha' });
    const [changed] = await nextLines(1);
    expect(changed).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'L1' } },
    });
    stdio.close('graceful');
    const [result] = await nextLines(1);
    expect(result).toMatchObject({ id: 'L1', result: { resultType: 'complete' } });
    expect(await stdio.closed).toBe('closed');
  });

  test('a dropped stream ends the channel', async () => {
    const { stdin, stdout, stdio, nextLines, server } = pipes();
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'L1', method: 'subscriptions/listen', params: { _meta: meta, notifications: { toolsListChanged: true } } })}\n`,
    );
    await nextLines(1);
    const ended = new Promise<void>((resolve) => stdout.once('end', resolve));
    stdout.resume();
    server.close('drop');
    expect(await stdio.closed).toBe('dropped');
    await ended;
  });

  test('an exitProcess step served in-process drops the channel, as a process exit would (and says so)', async () => {
    const { stdin, stdout, stdio, nextLines, server } = pipes();
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'L1', method: 'subscriptions/listen', params: { _meta: meta, notifications: { toolsListChanged: true } } })}\n`,
    );
    await nextLines(1);
    stdout.resume();
    server.apply({ action: 'exitProcess', code: 2 });
    expect(await stdio.closed).toBe('dropped');
    expect(server.transcript.frames.some((f) => f.note?.includes('exit code 2: served in-process'))).toBe(
      true,
    );
  });
});

describe('a real stdio server process', () => {
  const fixture = fileURLToPath(new URL('../fixtures/stdio-server.ts', import.meta.url));
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });

  for (const era of ['legacy', 'modern'] as const) {
    test(`the SDK's StdioClientTransport lists tools over the process's pipes (${era})`, async () => {
      const client = new Client(
        { name: 'stdio-test', version: '1.0.0' },
        era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      clients.push(client);
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', fixture, JSON.stringify(script)],
          stderr: 'pipe',
        }),
      );
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(['alpha']);
    });
  }
});
