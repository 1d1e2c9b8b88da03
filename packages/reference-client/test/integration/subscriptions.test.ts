import { addTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { namesOf, nextView, requestsOf, tool } from './fake-endpoint.js';
import { openSse, startHostilePeer } from './hostile-peer.js';
import { ManualClock } from './manual-clock.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'subscriptions-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({
    clientInfo,
    polling: { backoff: { initialMs: 20, maxMs: 200 } },
    ...options,
  });
  cleanup.push(() => host.close());
  return host;
}

describe.each(['legacy', 'modern'] as const)('change signals, %s era', (era) => {
  it('falls back to polling, and says why, when the server does not advertise tools.listChanged', async () => {
    const endpoint = await fake(
      scriptBuilder('quiet').server({ toolsListChanged: false }).tools(tool('a')).build(),
    );
    const state = await newHost().addServer({ serverId: 'q', url: endpoint.url, era });
    expect(state).toMatchObject({
      changeSignal: 'polling',
      changeSignalNote: 'the server does not advertise tools.listChanged',
    });
  });

  it('never mixes the eras: legacy uses initialize and its own stream, modern uses discover and listen', async () => {
    const endpoint = await fake(scriptBuilder('pure').tools(tool('a')).build());
    await newHost().addServer({ serverId: 'p', url: endpoint.url, era });
    const frames = endpoint.server.transcript.frames;
    if (era === 'legacy') {
      expect(requestsOf(frames, 'initialize')).toHaveLength(1);
      expect(requestsOf(frames, 'subscriptions/listen')).toHaveLength(0);
      expect(requestsOf(frames, 'server/discover')).toHaveLength(0);
    } else {
      expect(requestsOf(frames, 'initialize')).toHaveLength(0);
      expect(requestsOf(frames, 'subscriptions/listen')).toHaveLength(1);
      expect(frames.some((f) => f.direction === 'in' && f.httpMethod === 'GET')).toBe(false);
    }
  });

  it('re-establishes change notifications and re-lists after the server drops its streams (RC-01, RC-05)', async () => {
    const endpoint = await fake(scriptBuilder('restart').tools(tool('alpha'), tool('beta')).build());
    const host = newHost();
    await host.addServer({ serverId: 'r', url: endpoint.url, era });
    const listsBefore = requestsOf(endpoint.server.transcript.frames, 'tools/list').length;

    endpoint.server.close('drop'); // every stream and legacy session ends, as on a restart
    endpoint.server.apply(addTool(tool('gamma'), { notify: false }));
    await nextView(host, (tools) => namesOf(tools, 'r').includes('gamma'));
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/list').length).toBeGreaterThan(listsBefore);
    if (era === 'legacy') expect(requestsOf(endpoint.server.transcript.frames, 'initialize')).toHaveLength(2);
    else
      expect(
        requestsOf(endpoint.server.transcript.frames, 'subscriptions/listen').length,
      ).toBeGreaterThanOrEqual(2);

    await expect
      .poll(() => host.serverState('r').changeSignal)
      .toBe(era === 'legacy' ? 'list-changed' : 'listen');
    const delta = nextView(host, (tools) => namesOf(tools, 'r').includes('delta'));
    endpoint.server.apply(addTool(tool('delta')));
    expect(namesOf(await delta, 'r')).toEqual(['alpha', 'beta', 'gamma', 'delta']);
  });
});

describe('session hygiene', () => {
  it('ends its legacy session with DELETE when closed', async () => {
    const endpoint = await fake(scriptBuilder('bye').tools(tool('a')).build());
    const host = newHost();
    await host.addServer({ serverId: 'b', url: endpoint.url, era: 'legacy' });
    await host.close();
    const deletes = endpoint.server.transcript.frames.filter(
      (f) => f.direction === 'in' && f.httpMethod === 'DELETE',
    );
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.headers?.['mcp-session-id'] ?? deletes[0]!.sessionId).toBeDefined();
  });
});

describe('change signals, modern acknowledgement', () => {
  it('falls back to polling when the ack leaves out toolsListChanged', async () => {
    const peer = await startHostilePeer({
      eras: ['modern'],
      toolsCapability: { listChanged: true },
      tools: [{ name: 'a', inputSchema: { type: 'object' } }],
      on: {
        'subscriptions/listen': (request, res) => {
          openSse(res);
          const ack = {
            jsonrpc: '2.0',
            method: 'notifications/subscriptions/acknowledged',
            params: { _meta: { 'io.modelcontextprotocol/subscriptionId': request.id }, notifications: {} },
          };
          res.write(`event: message\ndata: ${JSON.stringify(ack)}\n\n`);
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const state = await newHost().addServer({ serverId: 'm', url: peer.url, era: 'modern' });
    expect(state).toMatchObject({
      state: 'ready',
      changeSignal: 'polling',
      changeSignalNote: 'the listen acknowledgement did not include toolsListChanged',
    });
  });
});

describe('polling backstop', () => {
  it('re-lists on a jittered interval when there is no change signal, and backs off after failures', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(
      scriptBuilder('poll').server({ toolsListChanged: false }).tools(tool('a')).build(),
    );
    const host = newHost({
      clock,
      polling: { intervalMs: 60_000, backstopMs: 900_000, backoff: { initialMs: 1_000, maxMs: 8_000 } },
    });
    await host.addServer({ serverId: 'p', url: endpoint.url, era: 'modern' });
    expect(clock.scheduled.at(-1)).toBe(54_000); // 60 s minus 20 % jitter × random 0.5

    endpoint.server.apply(addTool(tool('b'), { notify: false }));
    const updated = nextView(host, (tools) => namesOf(tools, 'p').includes('b'));
    clock.advance(54_000);
    await updated;

    await endpoint.close();
    clock.advance(54_000);
    await expect.poll(() => host.serverState('p').state).toBe('stale');
    expect(host.serverState('p').failure?.kind).toBe('network-unreachable');
    await expect.poll(() => clock.scheduled.at(-1)).toBe(900); // first backoff step: 1 s minus jitter
  });

  it('uses the long backstop interval while notifications work', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(scriptBuilder('backstop').tools(tool('a')).build());
    const host = newHost({ clock, polling: { intervalMs: 60_000, backstopMs: 900_000 } });
    await host.addServer({ serverId: 'b', url: endpoint.url, era: 'modern' });
    expect(host.serverState('b').changeSignal).toBe('listen');
    expect(clock.scheduled.at(-1)).toBe(810_000);
  });
});
