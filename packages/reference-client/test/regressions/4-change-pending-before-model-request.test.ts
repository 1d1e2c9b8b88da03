// Regression (issue 4, found by the scenario suite of issue 5: lc-06-tools-added-mid-agent-loop,
// rm-01-tool-added-mid-turn): `expose()` and `callTool()` used the old snapshot while the re-list a
// change signal had started was still in flight, so a tool announced mid-turn was missing from the
// next model request and unknown to the next call.
import { addTool, afterRequests, injectFault, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { requestsOf, tool } from '../integration/fake-endpoint.js';
import { ManualClock } from '../integration/manual-clock.js';
import { testResources } from '../integration/test-resources.js';

const clientInfo = { name: 'change-pending-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' }, ...options });
  cleanup.push(() => host.close());
  return host;
}

const aliases = (exposure: { tools: readonly { alias: string }[] }) => exposure.tools.map((t) => t.alias);

describe('legacy: list_changed on the call’s own SSE stream, ahead of its result (LC-06, RM-01 E1)', () => {
  const script = () =>
    scriptBuilder('mid-turn')
      .tools(tool('load_toolset'))
      .streams({ postResponse: 'sse' })
      .notifications({ legacyRoute: 'post' })
      .step(
        'register',
        addTool(tool('do_work')),
        afterRequests(1, { method: 'tools/call', tool: 'load_toolset', phase: 'received' }),
      )
      .build();

  it('the very next model request offers the tool the call announced, and calling it works', async () => {
    const endpoint = await fake(script());
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    const before = await host.expose({ provider: 'anthropic' });
    expect(aliases(before)).toEqual(['srv__load_toolset']);

    await host.callTool(before.proposal('srv__load_toolset', {}));
    const next = await host.expose({ provider: 'anthropic' });
    expect(aliases(next)).toEqual(['srv__load_toolset', 'srv__do_work']);
    expect(next.staleServers).toEqual([]);
    const result = await host.callTool(next.proposal('srv__do_work', { q: 'now' }));
    expect(result.isError).not.toBe(true);
  });

  it('a call by name right after the announcement finds the tool instead of declaring it unknown', async () => {
    const endpoint = await fake(script());
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    await host.callTool({ serverId: 'srv', toolName: 'load_toolset', arguments: {} });
    await host.callTool({ serverId: 'srv', toolName: 'do_work', arguments: {} });
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/call')).toHaveLength(2);
  });
});

describe.each(['legacy', 'modern'] as const)('a re-list in flight after a change signal, %s era', (era) => {
  /** A server whose re-lists answer `fault` once the catalog has changed and announced it. */
  async function changedServer(fault: Parameters<typeof injectFault>[0]) {
    const endpoint = await fake(scriptBuilder('changing').tools(tool('alpha')).build());
    return {
      endpoint,
      announce() {
        endpoint.server.apply(injectFault(fault, { method: 'tools/list', times: 'always' }));
        endpoint.server.apply(addTool(tool('beta')));
      },
    };
  }

  it('is waited for: the model request carries the new listing', async () => {
    const { endpoint, announce } = await changedServer({ kind: 'delay', ms: 300 });
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    announce();
    await expect.poll(() => host.serverState('srv').state).toBe('refreshing');
    expect(host.tools().map((t) => t.name)).toEqual(['alpha']);
    const exposure = await host.expose({ provider: 'openai-strict' });
    expect(aliases(exposure)).toEqual(['srv__alpha', 'srv__beta']);
    expect(exposure.staleServers).toEqual([]);
  });

  it('is waited for before a proposal is checked: the new tool is callable, never unknown', async () => {
    const { endpoint, announce } = await changedServer({ kind: 'delay', ms: 300 });
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    announce();
    await expect.poll(() => host.serverState('srv').state).toBe('refreshing');
    await host.callTool({ serverId: 'srv', toolName: 'beta', arguments: {} });
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/call')).toHaveLength(1);
  });

  it('past changeWaitMs, the verified snapshot is used and the server named refresh-pending', async () => {
    const { endpoint, announce } = await changedServer({ kind: 'hang' });
    const clock = new ManualClock();
    const host = newHost({ clock, changeWaitMs: 5_000, requestTimeoutMs: 60_000 });
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    announce();
    await expect.poll(() => host.serverState('srv').state).toBe('refreshing');
    const exposing = host.expose({ provider: 'openai-strict' });
    await expect.poll(() => clock.scheduled.includes(5_000)).toBe(true);
    clock.advance(5_000);
    const exposure = await exposing;
    expect(aliases(exposure)).toEqual(['srv__alpha']);
    expect(exposure.staleServers).toEqual([
      { serverId: 'srv', reason: 'refresh-pending', detail: expect.stringContaining('5000 ms') },
    ]);
    const [record] = host.audit.records().filter((r) => r.type === 'exposure');
    expect(record).toMatchObject({ staleServers: [{ serverId: 'srv', reason: 'refresh-pending' }] });
  });

  it('when it fails, the verified snapshot is used and the server named refresh-failed', async () => {
    const { endpoint, announce } = await changedServer({ kind: 'httpStatus', status: 429 });
    const host = newHost({ polling: { backoff: { initialMs: 60_000, maxMs: 60_000 } } });
    await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    announce();
    await expect.poll(() => host.serverState('srv').state).toBe('stale');
    const exposure = await host.expose({ provider: 'openai-strict' });
    expect(aliases(exposure)).toEqual(['srv__alpha']);
    expect(exposure.staleServers).toEqual([
      { serverId: 'srv', reason: 'refresh-failed', detail: expect.stringContaining('rate-limit, http-429') },
    ]);
  });
});
