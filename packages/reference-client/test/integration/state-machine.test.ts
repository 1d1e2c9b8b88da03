import { createServer } from 'node:net';
import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { startFakeEndpoint, tool } from './fake-endpoint.js';
import { type PeerHandler, startHostilePeer } from './hostile-peer.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'state-test', version: '1.0.0' };
const cleanup = testResources();

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, ...options });
  cleanup.push(() => host.close());
  return host;
}

async function peer(...args: Parameters<typeof startHostilePeer>) {
  const started = await startHostilePeer(...args);
  cleanup.push(() => started.close());
  return started;
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const status =
  (code: number, headers: Record<string, string> = {}): PeerHandler =>
  (_request, res) => {
    res.writeHead(code, { 'content-type': 'text/plain', ...headers }).end('nope');
    return true;
  };

const good = [{ name: 'search', inputSchema: { type: 'object' } }];

describe.each(['legacy', 'modern'] as const)('server state machine, %s era', (era) => {
  it('an empty list is ready, never failed', async () => {
    const fake = await startFakeEndpoint(scriptBuilder('empty').build());
    cleanup.push(() => fake.close());
    const state = await newHost().addServer({ serverId: 'empty', url: fake.url, era });
    expect(state).toMatchObject({ state: 'ready', toolCount: 0, excludedCount: 0 });
    expect(state.failure).toBeUndefined();
  });

  it.each([
    [401, 'authRequired', 'auth-expired'],
    [403, 'authRequired', 'permission-denied'],
    [429, 'failed', 'rate-limit'],
    [503, 'failed', 'server-bug'],
  ])('HTTP %i on tools/list leads to %s (%s)', async (code, state, kind) => {
    const server = await peer({
      tools: good,
      on: { 'tools/list': status(code, code === 401 ? { 'www-authenticate': 'Bearer' } : {}) },
    });
    const result = await newHost().addServer({
      serverId: 'x',
      url: server.url,
      era,
      bearerToken: 'secret-token',
    });
    expect(result).toMatchObject({ state, failure: { kind, httpStatus: code } });
  });

  it('401 at connect is authRequired, and the token is sent but never surfaces', async () => {
    const server = await peer({ on: { http: status(401, { 'www-authenticate': 'Bearer realm="x"' }) } });
    const host = newHost();
    const result = await host.addServer({ serverId: 'x', url: server.url, era, bearerToken: 'secret-token' });
    expect(result).toMatchObject({ state: 'authRequired', failure: { kind: 'auth-expired' } });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(JSON.stringify([result, host.audit.records()])).not.toContain('secret-token');
  });

  it('an unreachable server is failed with network-unreachable', async () => {
    const result = await newHost().addServer({
      serverId: 'x',
      url: `http://127.0.0.1:${await deadPort()}/mcp`,
      era,
    });
    expect(result).toMatchObject({ state: 'failed', failure: { kind: 'network-unreachable' } });
  });

  it('a server without the tools capability is incompatible', async () => {
    const server = await peer({ toolsCapability: null });
    const result = await newHost().addServer({ serverId: 'x', url: server.url, era });
    expect(result).toMatchObject({
      state: 'incompatible',
      failure: { kind: 'unsupported-operation', reason: 'no-tools-capability' },
    });
  });

  it.each([
    [
      'unparseable JSON',
      'malformed-response',
      (res: Parameters<PeerHandler>[1]) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":'),
    ],
    ['a result without tools', 'malformed-response', null],
  ])('%s is failed as %s', async (_label, kind, write) => {
    const server = await peer({
      on: {
        'tools/list': (request, res, self) => {
          if (write) write(res);
          else self.reply(res, request, { items: [] });
          return true;
        },
      },
    });
    const result = await newHost().addServer({ serverId: 'x', url: server.url, era });
    expect(result).toMatchObject({ state: 'failed', failure: { kind } });
  });

  it('keeps the last-known snapshot apart from the verified one when a refresh fails', async () => {
    let mode: 'ok' | 'unauthorized' = 'ok';
    const server = await peer({
      tools: good,
      on: {
        'tools/list': (request, res, self) => {
          if (mode === 'ok') return false;
          return status(401)(request, res, self);
        },
      },
    });
    const host = newHost();
    await host.addServer({ serverId: 'x', url: server.url, era });
    expect(host.tools()).toHaveLength(1);
    mode = 'unauthorized';
    const failed = await host.refresh('x');
    expect(failed.state).toBe('authRequired');
    expect(host.tools()).toHaveLength(0);
    expect(host.snapshot('x')).toBeUndefined();
    expect(host.lastKnown('x')!.tools.map((t) => t.name)).toEqual(['search']);
    const refused = await host.callTool({ serverId: 'x', toolName: 'search', arguments: {} }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'SERVER_NOT_READY', data: { state: 'authRequired' } });
    mode = 'ok';
    expect((await host.refresh('x')).state).toBe('ready');
    expect(host.tools()).toHaveLength(1);
  });

  it('a transient failure keeps the verified snapshot as stale', async () => {
    let down = false;
    const server = await peer({
      tools: good,
      on: {
        'tools/list': (_request, res) => {
          if (!down) return false;
          res.socket?.destroy();
          return true;
        },
      },
    });
    const host = newHost();
    await host.addServer({ serverId: 'x', url: server.url, era });
    down = true;
    const state = await host.refresh('x');
    expect(state).toMatchObject({ state: 'stale', failure: { kind: 'network-unreachable' } });
    expect(host.tools().map((t) => t.name)).toEqual(['search']);
  });
});

describe.each(['legacy', 'modern'] as const)('credentials, %s era', (era) => {
  it('re-discovers after a credential change, since the tool surface may depend on it (AU-01 variant)', async () => {
    const server = await peer({
      on: {
        'tools/list': (request, res, self) => {
          const admin = request.headers.authorization === 'Bearer admin-token';
          self.reply(res, request, {
            tools: [...good, ...(admin ? [{ name: 'share_doc', inputSchema: { type: 'object' } }] : [])],
            ttlMs: 60_000,
            cacheScope: 'private',
          });
          return true;
        },
      },
    });
    const host = newHost();
    await host.addServer({
      serverId: 'docs',
      url: server.url,
      era,
      bearerToken: 'base-token',
      credentialProfileId: 'alice',
    });
    expect(host.tools().map((t) => t.name)).toEqual(['search']);
    const state = await host.updateCredentials('docs', {
      bearerToken: 'admin-token',
      credentialProfileId: 'alice-admin',
    });
    expect(state.state).toBe('ready');
    expect(host.tools().map((t) => t.name)).toEqual(['search', 'share_doc']);
    expect(server.calls('tools/list').at(-1)!.headers.authorization).toBe('Bearer admin-token');
  });
});

describe('server state machine, era mismatch', () => {
  it('pinning modern against a legacy-only server is incompatible', async () => {
    const server = await peer({ eras: ['legacy'], tools: good });
    const result = await newHost().addServer({ serverId: 'x', url: server.url, era: 'modern' });
    expect(result.state).toBe('incompatible');
    expect(['protocol-mismatch', 'unsupported-operation']).toContain(result.failure?.kind);
  });

  it('records every state change in the audit trail', async () => {
    const fake = await startFakeEndpoint(scriptBuilder('audit').tools(tool('a')).build());
    cleanup.push(() => fake.close());
    const host = newHost();
    await host.addServer({ serverId: 'a', url: fake.url });
    const states = host.audit.records().flatMap((r) => (r.type === 'state' ? [r.state] : []));
    expect(states).toEqual(['loading', 'ready']);
    expect(host.audit.records().find((r) => r.type === 'listing')).toMatchObject({
      serverId: 'a',
      toolCount: 1,
      reason: 'initial',
    });
  });

  it('rejects bad configs with clear errors and keeps existing servers', async () => {
    const host = newHost();
    await expect(host.addServer({ serverId: '', url: 'http://127.0.0.1:1/mcp' })).rejects.toMatchObject({
      code: 'HOST_INVALID_CONFIG',
    });
    await expect(host.addServer({ serverId: 'a', url: 'not a url' })).rejects.toMatchObject({
      code: 'HOST_INVALID_CONFIG',
      data: { field: 'url' },
    });
    await expect(host.addServer({ serverId: 'a', url: 'ftp://x/' })).rejects.toMatchObject({
      code: 'HOST_INVALID_CONFIG',
    });
    expect(() => host.serverState('nope')).toThrow(expect.objectContaining({ code: 'HOST_UNKNOWN_SERVER' }));
    const fake = await startFakeEndpoint(scriptBuilder('one').tools(tool('a')).build());
    cleanup.push(() => fake.close());
    await host.addServer({ serverId: 'a', url: fake.url });
    await expect(host.addServer({ serverId: 'a', url: fake.url })).rejects.toMatchObject({
      code: 'HOST_DUPLICATE_SERVER',
    });
    expect(host.serverState('a').state).toBe('ready');
    await host.close();
    await expect(host.refresh('a')).rejects.toMatchObject({ code: 'HOST_CLOSED' });
  });
});
