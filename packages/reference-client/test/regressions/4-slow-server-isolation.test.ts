// Regressions (issue 4, found by a new-user review): (1) `expose()` waited without bound for a
// server whose first listing hung, and again for every backstop retry of a failed server, so one
// broken server stalled every model request; (2) a call to a tool the server removed before its
// change signal arrived surfaced as TOOL_CALL_FAILED instead of TOOL_UNAVAILABLE; (3) a 401 with no
// credential configured read as an expired token.
import { addTool, afterRequests, injectFault, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost, isToolshiftError } from '../../src/index.js';
import { requestsOf, tool } from '../integration/fake-endpoint.js';
import { ManualClock } from '../integration/manual-clock.js';
import { testResources } from '../integration/test-resources.js';

const clientInfo = { name: 'isolation-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' }, ...options });
  cleanup.push(() => host.close());
  return host;
}

const aliases = (exposure: { tools: readonly { alias: string }[] }) => exposure.tools.map((t) => t.alias);

describe.each(['legacy', 'modern'] as const)('one slow server among several, %s era', (era) => {
  it('a hanging first listing delays a model request by at most changeWaitMs, and is named', async () => {
    const good = await fake(scriptBuilder('good').tools(tool('fine')).build());
    const bad = await fake(scriptBuilder('bad').tools(tool('never_seen')).build());
    bad.server.apply(injectFault({ kind: 'hang' }, { method: 'tools/list', times: 'always' }));
    const clock = new ManualClock();
    const host = newHost({ clock, changeWaitMs: 5_000, requestTimeoutMs: 600_000 });
    await host.addServer({ serverId: 'good', url: good.url, era });
    const adding = host.addServer({ serverId: 'bad', url: bad.url, era });
    await expect.poll(() => requestsOf(bad.server.transcript.frames, 'tools/list').length).toBe(1);

    const exposing = host.expose({ provider: 'anthropic' });
    await expect.poll(() => clock.scheduled.includes(5_000)).toBe(true);
    clock.advance(5_000);
    const exposure = await exposing;
    expect(aliases(exposure)).toEqual(['good__fine']);
    expect(exposure.staleServers).toEqual([
      { serverId: 'bad', reason: 'listing-pending', detail: expect.stringContaining('5000 ms') },
    ]);
    expect(host.serverState('bad').state).toBe('loading');
    await host.close();
    await adding;
  });

  it('a failed server being retried by the backstop does not delay a model request at all', async () => {
    const good = await fake(scriptBuilder('good').tools(tool('fine')).build());
    const bad = await fake(scriptBuilder('bad').tools(tool('never_seen')).build());
    bad.server.apply(injectFault({ kind: 'httpStatus', status: 503 }, { method: 'tools/list', times: 1 }));
    const clock = new ManualClock();
    const host = newHost({ clock, changeWaitMs: 5_000, requestTimeoutMs: 600_000 });
    await host.addServer({ serverId: 'good', url: good.url, era });
    expect((await host.addServer({ serverId: 'bad', url: bad.url, era })).state).toBe('failed');

    // The retry hangs; a model request must not wait for it (no timer is even needed to finish).
    bad.server.apply(injectFault({ kind: 'hang' }, { method: 'tools/list', times: 'always' }));
    const retrying = host.refresh('bad');
    await expect.poll(() => requestsOf(bad.server.transcript.frames, 'tools/list').length).toBe(2);
    const exposure = await host.expose({ provider: 'anthropic' });
    expect(aliases(exposure)).toEqual(['good__fine']);
    expect(exposure.staleServers).toEqual([]);
    await host.close();
    await retrying;
  });
});

describe.each(['legacy', 'modern'] as const)('a tool removed before its change signal, %s era', (era) => {
  it('the server’s -32602 becomes TOOL_UNAVAILABLE once the new listing lacks the tool', async () => {
    const endpoint = await fake(
      scriptBuilder('removing')
        .tools(tool('search'), tool('delete_repo'))
        .notifications({ mode: 'suppress' })
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    const exposure = await host.expose({ provider: 'anthropic' });
    endpoint.server.apply(removeTool('delete_repo')); // no notification reaches the client

    const error = await host.callTool(exposure.proposal('srv__delete_repo', {})).catch((e: unknown) => e);
    expect(isToolshiftError(error, 'TOOL_UNAVAILABLE')).toBe(true);
    expect((error as { data: { failure?: { rpcCode?: number } } }).data.failure?.rpcCode).toBe(-32602);
    expect(host.tools().map((t) => t.name)).toEqual(['search']);
    // Never redirected: the only tools/call on the wire named the removed tool.
    const calls = requestsOf(endpoint.server.transcript.frames, 'tools/call');
    expect(
      calls.map((frame) => (frame.message as unknown as { params: { name: string } }).params.name),
    ).toEqual(['delete_repo']);
  });

  it('a -32602 for a tool the new listing still has stays TOOL_CALL_FAILED', async () => {
    // The tool is gone when the call arrives and back by the re-list (the 2nd tools/list).
    const endpoint = await fake(
      scriptBuilder('flapping')
        .tools(tool('search'))
        .notifications({ mode: 'suppress' })
        .step('back', addTool(tool('search')), afterRequests(2, { method: 'tools/list', phase: 'received' }))
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    endpoint.server.apply(removeTool('search'));
    const error = await host
      .callTool({ serverId: 'srv', toolName: 'search', arguments: {} })
      .catch((e: unknown) => e);
    expect(isToolshiftError(error, 'TOOL_CALL_FAILED')).toBe(true);
    expect(host.tools().map((t) => t.name)).toEqual(['search']);
  });
});

describe('a 401 with no credential configured', () => {
  it('is auth-expired with reason no-credentials; a rejected token keeps http-401', async () => {
    const script = scriptBuilder('protected')
      .tools(tool('search'))
      .auth({ tokens: [{ token: 'good-token', principal: 'alice' }] })
      .build();
    const endpoint = await fake(script);
    const host = newHost();
    const anonymous = await host.addServer({ serverId: 'anon', url: endpoint.url, era: 'modern' });
    expect(anonymous).toMatchObject({
      state: 'authRequired',
      failure: { kind: 'auth-expired', reason: 'no-credentials' },
    });
    const rejected = await host.addServer({
      serverId: 'rejected',
      url: endpoint.url,
      era: 'modern',
      bearerToken: 'not-issued',
    });
    expect(rejected).toMatchObject({
      state: 'authRequired',
      failure: { kind: 'auth-expired', reason: 'http-401' },
    });
  });
});
