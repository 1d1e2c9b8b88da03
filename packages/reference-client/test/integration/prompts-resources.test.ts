import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { type DiscoveredPrompt, type DiscoveredResource, DiscoveryHost } from '../../src/index.js';
import { testResources } from './test-resources.js';

/**
 * Prompts and resources against a real server built with the official SDK
 * (`@modelcontextprotocol/server` 2.4.0 on loopback), which serves both lists (the fake server does
 * not yet): the same identity, freshness, change handling and state machine as tools.
 */
const cleanup = testResources();
const IO = { timeout: 15_000, interval: 10 };

interface World {
  prompts: string[];
  resources: Array<{ name: string; uri: string }>;
}

/** An SDK `McpServer` offering the world's prompts and resources (and one tool). */
function build(world: World): McpServer {
  const server = new McpServer(
    { name: 'sdk-server', version: '2.4.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true },
      },
    },
  );
  server.registerTool('echo', { description: 'Echo.' }, async () => ({ content: [] }));
  for (const name of world.prompts) register(server, 'prompt', name);
  for (const resource of world.resources) register(server, 'resource', resource.name, resource.uri);
  return server;
}

function register(server: McpServer, kind: 'prompt' | 'resource', name: string, uri?: string): void {
  if (kind === 'prompt') {
    server.registerPrompt(name, { title: name.toUpperCase(), description: `The ${name} prompt.` }, () => ({
      messages: [{ role: 'user', content: { type: 'text', text: name } }],
    }));
  } else {
    server.registerResource(
      name,
      uri!,
      { mimeType: 'text/markdown', description: `The ${name} file.` },
      async (at) => ({
        contents: [{ uri: at.href, text: name }],
      }),
    );
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/** 2026-07-28 (and stateless 2025-11-25) through `createMcpHandler`; `notify` publishes on listen streams. */
async function modernServer(world: World) {
  const handler = createMcpHandler(() => build(world));
  cleanup.push(() => handler.close());
  return { url: await listen(createServer(toNodeHandler(handler))), notify: handler.notify };
}

/** A stateful 2025-11-25 server: one SDK server per session, `list_changed` on the GET stream. */
async function legacyServer(world: World) {
  const sessions = new Map<string, { transport: NodeStreamableHTTPServerTransport; server: McpServer }>();
  const http = createServer(async (req: IncomingMessage, res) => {
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(req, res);
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, server });
      },
    });
    const server = build(world);
    await server.connect(transport);
    return transport.handleRequest(req, res);
  });
  return {
    url: await listen(http),
    /** Adds a prompt on every live session (the SDK server announces it with list_changed). */
    addPrompt(name: string) {
      world.prompts.push(name);
      for (const { server } of sessions.values()) register(server, 'prompt', name);
    },
  };
}

function host() {
  const created = new DiscoveryHost({ clientInfo: { name: 'lists-test', version: '1.0.0' } });
  cleanup.push(() => created.close());
  return created;
}

const names = (entries: readonly (DiscoveredPrompt | DiscoveredResource)[]) =>
  entries.map((entry) => ('uri' in entry ? entry.uri : entry.name));

describe('prompts and resources registries (a real SDK server)', () => {
  it('lists both eras, keyed by (serverId, name) and (serverId, uri), with per-list state', async () => {
    const world: World = {
      prompts: ['summarize'],
      resources: [{ name: 'readme', uri: 'file:///readme.md' }],
    };
    const { url } = await modernServer(world);
    for (const era of ['modern', 'legacy'] as const) {
      const discovery = host();
      const state = await discovery.addServer({ serverId: `sdk-${era}`, url, era });
      // The SDK server's modern lists say ttlMs: 0 (stale at once, §7); legacy lists live legacyTtlMs.
      const fresh = era === 'modern' ? 'stale' : 'ready';
      expect(state).toMatchObject({
        state: fresh,
        era,
        lists: {
          prompts: {
            state: fresh,
            count: 1,
            excludedCount: 0,
            listHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
          resources: { state: fresh, count: 1, excludedCount: 0 },
        },
      });
      expect(discovery.prompts()).toEqual([
        expect.objectContaining({
          serverId: `sdk-${era}`,
          name: 'summarize',
          title: 'SUMMARIZE',
          description: 'The summarize prompt.',
          arguments: [],
          contractHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        }),
      ]);
      expect(discovery.resources()).toEqual([
        expect.objectContaining({
          serverId: `sdk-${era}`,
          uri: 'file:///readme.md',
          name: 'readme',
          mimeType: 'text/markdown',
        }),
      ]);
    }
  });

  it('modern: a prompts change arrives on the listen stream and swaps the prompts registry atomically', async () => {
    const world: World = {
      prompts: ['summarize'],
      resources: [{ name: 'readme', uri: 'file:///readme.md' }],
    };
    const server = await modernServer(world);
    const discovery = host();
    const views: string[][] = [];
    discovery.onPromptsChange((prompts) => views.push(names(prompts)));
    const state = await discovery.addServer({ serverId: 'sdk', url: server.url, era: 'modern' });
    expect(state.lists?.prompts?.changeSignal).toBe('listen');
    const toolsBefore = discovery.tools();
    world.prompts.push('translate');
    server.notify.promptsChanged();
    await vi.waitFor(() => expect(names(discovery.prompts())).toEqual(['summarize', 'translate']), IO);
    world.resources.push({ name: 'changelog', uri: 'file:///CHANGELOG.md' });
    server.notify.resourcesChanged();
    await vi.waitFor(
      () => expect(names(discovery.resources())).toEqual(['file:///readme.md', 'file:///CHANGELOG.md']),
      IO,
    );
    // Each view was a whole listing; the tools registry was not touched by either change.
    expect(views).toEqual([['summarize'], ['summarize', 'translate']]);
    expect(discovery.tools()).toBe(toolsBefore);
  });

  it('legacy: notifications/prompts/list_changed on the GET stream re-lists the prompts', async () => {
    const world: World = { prompts: ['summarize'], resources: [] };
    const server = await legacyServer(world);
    const discovery = host();
    const state = await discovery.addServer({ serverId: 'old', url: server.url, era: 'legacy' });
    expect(state).toMatchObject({
      state: 'ready',
      lists: { prompts: { state: 'ready', changeSignal: 'list-changed' } },
    });
    server.addPrompt('translate');
    await vi.waitFor(() => expect(names(discovery.prompts())).toEqual(['summarize', 'translate']), IO);
    const unchanged = discovery.prompts()[0];
    await discovery.refresh('old');
    expect(discovery.prompts()[0]).toBe(unchanged); // same definition, same record
  });

  it('lists only what the config asks for; removing the server withdraws everything', async () => {
    const world: World = { prompts: ['summarize'], resources: [] };
    const { url } = await modernServer(world);
    const discovery = host();
    await discovery.addServer({ serverId: 'sdk', url, era: 'modern', lists: ['tools', 'prompts'] });
    expect(discovery.serverState('sdk').lists).toEqual({ prompts: expect.objectContaining({ count: 1 }) });
    await discovery.removeServer('sdk');
    expect(discovery.prompts()).toEqual([]);
    expect(discovery.tools()).toEqual([]);
  });
});

describe('prompts and resources against a server without those capabilities', () => {
  it('are incompatible (no-prompts-capability, no-resources-capability) and never requested; tools are unaffected', async () => {
    const { scriptBuilder } = await import('@toolshift/fake-server');
    const fake = await cleanup.fake(
      scriptBuilder('tools-only')
        .tools({ name: 'alpha', inputSchema: { type: 'object' } })
        .build(),
    );
    const discovery = host();
    const state = await discovery.addServer({ serverId: 'fake', url: fake.url, era: 'legacy' });
    expect(state).toMatchObject({
      state: 'ready',
      toolCount: 1,
      lists: {
        prompts: { state: 'incompatible', failure: { reason: 'no-prompts-capability' }, count: 0 },
        resources: { state: 'incompatible', failure: { reason: 'no-resources-capability' }, count: 0 },
      },
    });
    const methods = fake.server.transcript.frames.flatMap((f) =>
      f.direction === 'in' && f.message && 'method' in f.message ? [f.message.method] : [],
    );
    expect(methods).not.toContain('prompts/list');
    expect(methods).not.toContain('resources/list');
  });
});
