import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { type HttpTransport, startHttpTransport } from '../../src/http.js';
import { createProxyServer, type ProxyServer, type UpstreamChannel } from '../../src/proxy.js';
import { modernHeaders, modernMeta, post } from '../support/mcp-http.js';
import {
  type RunningServer,
  startTypescriptServer,
  typescriptStdioCommand,
} from '../support/official-servers.js';

let upstream: RunningServer | undefined;
let proxy: ProxyServer | undefined;
let http: HttpTransport | undefined;
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await http?.close();
  await proxy?.close();
  await upstream?.close();
  http = undefined;
  proxy = undefined;
  upstream = undefined;
});

/** An overlay that adds a tool and changes the schema of the upstream's `add`. */
const overlay = {
  toolshiftScript: 1,
  steps: [
    {
      id: 'add-search',
      trigger: { atStart: true },
      action: {
        action: 'addTool',
        tool: { name: 'search', description: 'Overlay tool.', inputSchema: { type: 'object' } },
      },
    },
    {
      id: 'strict-add',
      trigger: { atStart: true },
      action: {
        action: 'changeSchema',
        name: 'add',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'integer' }, b: { type: 'integer' } },
          required: ['a', 'b'],
        },
      },
    },
    { id: 'drop-echo', action: { action: 'removeTool', name: 'echo' } },
  ],
};

async function connect(era: 'legacy' | 'modern'): Promise<Client> {
  const client = new Client(
    { name: 'proxy-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(http!.url)));
  return client;
}

const names = (tools: Array<{ name: string }>) => tools.map((tool) => tool.name);

describe('toolshift proxy in front of the official TypeScript SDK server', () => {
  for (const era of ['modern', 'legacy'] as const) {
    test(`a ${era} SDK client sees the upstream's tools with the overlay, and calls reach the upstream`, async () => {
      upstream = await startTypescriptServer();
      proxy = await createProxyServer({ upstream: { kind: 'http', url: upstream.url }, script: overlay });
      expect(proxy.profile.eras.sort()).toEqual(['legacy', 'modern']);
      http = await startHttpTransport(proxy.server);
      const client = await connect(era);
      const listed = await client.listTools();
      // The client spoke the era under test to the proxy, which passed it through.
      expect(
        proxy.server.transcript.frames.some(
          (frame) =>
            frame.direction === 'in' &&
            frame.era === era &&
            (frame.message as { method?: string })?.method === 'tools/list',
        ),
      ).toBe(true);
      expect(names(listed.tools)).toEqual(['echo', 'add', 'add_tool', 'search']);
      expect(listed.tools.find((tool) => tool.name === 'add')?.inputSchema).toMatchObject({
        properties: { a: { type: 'integer' } },
      });
      const echoed = await client.callTool({ name: 'echo', arguments: { text: 'through the proxy' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'through the proxy' }]);
      // The overlay's own tool is answered by the fake server, never sent upstream.
      const search = await client.callTool({ name: 'search', arguments: {} });
      expect(search.isError).toBe(false);
      proxy.server.apply('drop-echo');
      await expect(client.callTool({ name: 'echo', arguments: { text: 'x' } })).rejects.toThrow(
        /Unknown tool/,
      );
      const frames = proxy.server.transcript.frames;
      expect(
        frames.some(
          (frame) =>
            frame.direction === 'out' && (JSON.stringify(frame.message) ?? '').includes('through the proxy'),
        ),
      ).toBe(true);
    });
  }

  test('an upstream change reaches the client as list_changed, with the overlay replayed on the new list', async () => {
    upstream = await startTypescriptServer();
    proxy = await createProxyServer({ upstream: { kind: 'http', url: upstream.url }, script: overlay });
    expect(proxy.watchMode).toBe('listen');
    http = await startHttpTransport(proxy.server);
    const revision = proxy.server.catalogRevision;
    const client = await connect('legacy');
    await client.listTools();
    await client.callTool({ name: 'add_tool', arguments: {} });
    await proxy.server.waitFor((frame) => frame.kind === 'step' && frame.step === 'upstream-1', {
      timeoutMs: 10_000,
    });
    expect(proxy.server.catalogRevision).toBe(revision + 1);
    // The overlay is replayed on the upstream's new list: its added tool comes after the upstream's.
    expect(names(proxy.server.tools())).toEqual(['echo', 'add', 'add_tool', 'late_1', 'search']);
    expect(proxy.server.tools().find((tool) => tool.name === 'add')?.inputSchema).toMatchObject({
      properties: { a: { type: 'integer' } },
    });
    await proxy.server.waitFor(
      (frame) =>
        frame.direction === 'out' &&
        (frame.message as { method?: string })?.method === 'notifications/tools/list_changed',
      { timeoutMs: 10_000 },
    );
  });

  test('a renamed tool is called under the name the upstream knows', async () => {
    upstream = await startTypescriptServer();
    proxy = await createProxyServer({
      upstream: { kind: 'http', url: upstream.url },
      script: {
        toolshiftScript: 1,
        steps: [
          {
            id: 'rename',
            trigger: { atStart: true },
            action: { action: 'renameTool', name: 'echo', to: 'say' },
          },
        ],
      },
    });
    http = await startHttpTransport(proxy.server);
    const client = await connect('modern');
    expect(names((await client.listTools()).tools)).toEqual(['say', 'add', 'add_tool']);
    const said = await client.callTool({ name: 'say', arguments: { text: 'renamed' } });
    expect(said.content).toEqual([{ type: 'text', text: 'renamed' }]);
    await expect(client.callTool({ name: 'echo', arguments: { text: 'x' } })).rejects.toThrow(/Unknown tool/);
  });

  test('over stdio, the proxy starts the upstream and relays calls on each session', async () => {
    proxy = await createProxyServer({
      upstream: { kind: 'stdio', command: typescriptStdioCommand() },
      script: overlay,
    });
    expect(proxy.profile.eras).toContain('legacy');
    http = await startHttpTransport(proxy.server);
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connect(era);
      expect(names((await client.listTools()).tools)).toContain('search');
      const added = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
      expect(added.content).toEqual([{ type: 'text', text: '5' }]);
    }
  });
});

/** A channel tap noting the methods the proxy sends the upstream (`onSent` hears each). */
function countingTap(sent: string[], onSent: (method: string) => void = () => {}) {
  return (channel: UpstreamChannel): UpstreamChannel => ({
    kind: channel.kind,
    send: (message, options) => {
      if ('method' in message) {
        sent.push(message.method);
        onSent(message.method);
      }
      return channel.send(message, options);
    },
    openStream: (open, options, onMessage) => channel.openStream(open, options, onMessage),
    endSession: (id, version) => channel.endSession(id, version),
    close: () => channel.close(),
  });
}

const listModern = async (url: string) =>
  (
    await post(
      url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
      modernHeaders('tools/list'),
    )
  ).json?.result as { tools: Array<{ name: string }> };

describe('when the proxy reads the upstream, and what its faults do to relayed answers', () => {
  test('with the change stream open, listings are served from the mirror without asking the upstream', async () => {
    upstream = await startTypescriptServer();
    const sent: string[] = [];
    proxy = await createProxyServer({
      upstream: { kind: 'http', url: upstream.url },
      wrapChannel: countingTap(sent),
    });
    http = await startHttpTransport(proxy.server);
    // The change stream opens in the background; listings read the upstream until it is open.
    expect(await proxy.watching).toBe(true);
    const before = sent.filter((method) => method === 'tools/list').length;
    for (let i = 0; i < 3; i++)
      expect(names((await listModern(http.url)).tools)).toEqual(['echo', 'add', 'add_tool']);
    expect(sent.filter((method) => method === 'tools/list').length).toBe(before);
  });

  test('in front of an upstream that cannot announce changes, page 1 of each listing reads it again and a change shows', async () => {
    upstream = await startTypescriptServer();
    proxy = await createProxyServer({ upstream: { kind: 'http', url: upstream.url }, watch: false });
    expect(proxy.watchMode).toBe('none');
    http = await startHttpTransport(proxy.server);
    expect(names((await listModern(http.url)).tools)).toEqual(['echo', 'add', 'add_tool']);
    const other = new Client({ name: 'other', version: '1' });
    clients.push(other);
    await other.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    await other.callTool({ name: 'add_tool', arguments: {} });
    expect(names((await listModern(http.url)).tools)).toEqual(['echo', 'add', 'add_tool', 'late_1']);
    expect(
      proxy.server.transcript.frames.some((frame) => frame.kind === 'step' && frame.step === 'upstream-1'),
    ).toBe(true);
  });

  test("an httpStatus fault answers in the upstream's place (the upstream never sees the call); a logical delay holds the upstream's answer", async () => {
    upstream = await startTypescriptServer();
    const sent: string[] = [];
    let relayed: () => void = () => {};
    const called = new Promise<void>((resolve) => {
      relayed = resolve;
    });
    proxy = await createProxyServer({
      upstream: { kind: 'http', url: upstream.url },
      wrapChannel: countingTap(sent, (method) => {
        if (method === 'tools/call') relayed();
      }),
      script: {
        toolshiftScript: 1,
        steps: [
          {
            id: 'unavailable',
            action: {
              action: 'injectFault',
              method: 'tools/call',
              fault: { kind: 'httpStatus', status: 503 },
            },
          },
          {
            id: 'slow',
            action: {
              action: 'injectFault',
              method: 'tools/call',
              fault: { kind: 'delay', ms: 1000, clock: 'logical' },
            },
          },
        ],
      },
    });
    http = await startHttpTransport(proxy.server);
    const call = () =>
      post(
        http!.url,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 'x' }, _meta: modernMeta },
        },
        modernHeaders('tools/call', { 'mcp-name': 'echo' }),
      );
    proxy.server.apply('unavailable');
    expect((await call()).status).toBe(503);
    expect(sent.filter((method) => method === 'tools/call')).toHaveLength(0);
    proxy.server.apply('slow');
    let settled = false;
    const pending = call().then((res) => {
      settled = true;
      return res;
    });
    await proxy.server.waitFor(
      (frame) => frame.kind === 'note' && (frame.note ?? '').includes("fault 'delay'"),
    );
    // The upstream answers while the delay holds the exchange: the client waits for the clock.
    await called;
    expect(sent.filter((method) => method === 'tools/call')).toHaveLength(1);
    expect(settled).toBe(false);
    proxy.server.advanceClock(1000);
    const res = await pending;
    expect(res.json?.result?.content).toEqual([{ type: 'text', text: 'x' }]);
  });
});
