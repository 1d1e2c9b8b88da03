// Regression (issue 4, found by the scenario suite and the list-changed-race property of issue 5:
// rc-01-session-404-reinitialize, rc-02-session-404-*): a 404 on the legacy session id failed the call
// and every later one, the client never started a new session; a 404 during the handshake (on
// notifications/initialized) left the server `incompatible` for good; a GET stream the server ended
// was reopened by the SDK but never followed by a re-list.
import {
  addTool,
  afterRequests,
  endStreams,
  expireSession,
  injectFault,
  scriptBuilder,
  type TranscriptFrame,
} from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost, InMemorySnapshotStore } from '../../src/index.js';
import { namesOf, nextView, requestsOf, tool } from '../integration/fake-endpoint.js';
import { startHostilePeer } from '../integration/hostile-peer.js';
import { ManualClock } from '../integration/manual-clock.js';
import { testResources } from '../integration/test-resources.js';

const clientInfo = { name: 'session-lost-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({
    clientInfo,
    permissions: { defaultDecision: 'allow' },
    polling: { backoff: { initialMs: 20, maxMs: 40 } },
    ...options,
  });
  cleanup.push(() => host.close());
  return host;
}

/** The session ids the server answered 404 for, and whether any was sent again after a new session began. */
function sessionHistory(frames: readonly TranscriptFrame[]) {
  const dead = new Set(
    frames
      .filter((f) => f.direction === 'out' && f.httpStatus === 404 && f.sessionId)
      .map((f) => f.sessionId!),
  );
  const firstNew = frames.find((f) => f.direction === 'out' && f.sessionId && !dead.has(f.sessionId));
  const reused = frames.filter(
    (f) => firstNew && f.seq > firstNew.seq && f.direction === 'in' && dead.has(f.sessionId ?? ''),
  );
  return { dead: [...dead], reused };
}

const sessionGone = (body: 'json-rpc' | 'text' | 'empty', times: number | 'always' = 1) =>
  injectFault({ kind: 'httpStatus', status: 404, body }, { method: 'tools/call', times });

describe('a legacy session the server forgot (HTTP 404 on its id)', () => {
  it('is replaced: a fresh initialize without the id, a re-list, and the call goes through (RC-01)', async () => {
    const endpoint = await fake(scriptBuilder('rc-01').tools(tool('alpha')).build());
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    await host.callTool({ serverId: 'srv', toolName: 'alpha', arguments: {} });
    endpoint.server.apply(expireSession());

    const result = await host.callTool({ serverId: 'srv', toolName: 'alpha', arguments: {} });
    expect(result.isError).not.toBe(true);
    const frames = endpoint.server.transcript.frames;
    const inits = requestsOf(frames, 'initialize');
    expect(inits).toHaveLength(2);
    expect(inits[1]!.headers?.['mcp-session-id']).toBeUndefined();
    const relist = requestsOf(frames, 'tools/list').find((f) => f.seq > inits[1]!.seq);
    expect(relist).toBeDefined();
    expect(sessionHistory(frames)).toMatchObject({
      dead: [inits[0]!.sessionId ?? expect.any(String)],
      reused: [],
    });
    expect(host.serverState('srv')).toMatchObject({ state: 'ready', changeSignal: 'list-changed' });
  });

  it.each(['json-rpc', 'text', 'empty'] as const)(
    'is recognised whatever the 404 body (%s), never as a decode error (RC-02)',
    async (body) => {
      const endpoint = await fake(scriptBuilder('rc-02').tools(tool('alpha')).build());
      const host = newHost();
      await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
      endpoint.server.apply(sessionGone(body));

      await host.callTool({ serverId: 'srv', toolName: 'alpha', arguments: { attempt: 1 } });
      await host.callTool({ serverId: 'srv', toolName: 'alpha', arguments: { attempt: 2 } });
      const frames = endpoint.server.transcript.frames;
      expect(requestsOf(frames, 'initialize')).toHaveLength(2);
      expect(requestsOf(frames, 'tools/call')).toHaveLength(3); // the 404, its retry, the next call
      expect(sessionHistory(frames).reused).toEqual([]);
    },
  );

  it('gets nothing more than the DELETE once it answered 404: no notifications/cancelled for requests in flight (issue 10)', async () => {
    const endpoint = await fake(scriptBuilder('resumed').tools(tool('alpha')).build());
    const store = new InMemorySnapshotStore();
    // A host that persists its session and shuts down leaving it open; the server expires it.
    const first = new DiscoveryHost({ clientInfo, snapshotStore: store });
    await first.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    await first.flush();
    await first.close();
    endpoint.server.apply(expireSession());
    const before = endpoint.server.transcript.frames.length;

    // The next start resumes the stored id: its GET and tools/list both meet the 404.
    const second = newHost({ snapshotStore: store });
    expect(await second.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' })).toMatchObject({
      state: 'ready',
    });
    const frames = endpoint.server.transcript.frames.slice(before);
    const { dead } = sessionHistory(frames);
    expect(dead).toHaveLength(1);
    const toDead = frames.filter((f) => f.direction === 'in' && f.sessionId === dead[0]);
    expect(toDead.some((f) => f.httpMethod === 'DELETE')).toBe(true);
    expect(toDead.map((f) => (f.message as { method?: string } | undefined)?.method)).not.toContain(
      'notifications/cancelled',
    );
    expect(requestsOf(frames, 'initialize')).toHaveLength(1);
  });

  it('is retried once per call: a server that answers 404 forever gets a clean error, not a loop', async () => {
    const endpoint = await fake(scriptBuilder('rc-01-e3').tools(tool('alpha')).build());
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    endpoint.server.apply(sessionGone('json-rpc', 'always'));

    await expect(host.callTool({ serverId: 'srv', toolName: 'alpha', arguments: {} })).rejects.toMatchObject({
      code: 'TOOL_CALL_FAILED',
      data: { failure: { kind: 'network-unreachable', reason: 'session-lost', httpStatus: 404 } },
    });
    // The retry's 404 loses that session too: a third one replaces it, and nothing more is sent.
    const frames = endpoint.server.transcript.frames;
    await expect.poll(() => requestsOf(frames, 'initialize').length).toBe(3);
    await expect.poll(() => host.serverState('srv').state).toBe('ready');
    expect(requestsOf(frames, 'tools/call')).toHaveLength(2);
  });

  it('during the handshake (404 on notifications/initialized) is retried, never incompatible', async () => {
    const endpoint = await fake(
      scriptBuilder('handshake')
        .tools(tool('alpha'))
        .step('expire', expireSession(), afterRequests(1, { method: 'initialize', phase: 'answered' }))
        .build(),
    );
    const state = await newHost().addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    expect(state).toMatchObject({ state: 'ready', toolCount: 1 });
    const frames = endpoint.server.transcript.frames;
    expect(requestsOf(frames, 'initialize')).toHaveLength(2);
    expect(frames.some((f) => f.direction === 'out' && f.httpStatus === 404)).toBe(true);
  });

  it('during every handshake is given up after maxSessionRetries, with backoff, as failed (session-lost)', async () => {
    const peer = await startHostilePeer({
      eras: ['legacy'],
      tools: [tool('alpha')],
      on: {
        'notifications/initialized': (_request, res) => {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Session not found');
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const clock = new ManualClock();
    const host = newHost({
      clock,
      maxSessionRetries: 2,
      polling: { backoff: { initialMs: 1_000, maxMs: 8_000, factor: 2, jitter: 0 } },
    });
    const adding = host.addServer({ serverId: 'srv', url: peer.url, era: 'legacy' });
    // The first new session is tried at once; the next one waits for the backoff.
    await expect.poll(() => peer.calls('initialize').length).toBe(2);
    await expect.poll(() => clock.scheduled).toEqual([1_000]);
    expect(peer.calls('initialize')).toHaveLength(2);
    clock.advance(1_000);
    const state = await adding;
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'network-unreachable', reason: 'session-lost', httpStatus: 404 },
    });
    expect(peer.calls('initialize')).toHaveLength(3);
  });
});

describe('a legacy GET stream the server ended, with no SSE event ids (RC-03)', () => {
  it('is reopened without Last-Event-ID, followed by one re-list, and later list_changed still arrive', async () => {
    const endpoint = await fake(
      scriptBuilder('rc-03').tools(tool('alpha')).streams({ eventIds: false }).build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'srv', url: endpoint.url, era: 'legacy' });
    const gets = () =>
      endpoint.server.transcript.frames.filter((f) => f.direction === 'in' && f.httpMethod === 'GET');
    await expect.poll(gets).toHaveLength(1);
    const listsBefore = requestsOf(endpoint.server.transcript.frames, 'tools/list').length;

    endpoint.server.apply(endStreams('get', 'graceful'));
    await expect.poll(gets, { timeout: 10_000 }).toHaveLength(2);
    expect(gets()[1]!.headers?.['last-event-id']).toBeUndefined();
    await expect
      .poll(() => requestsOf(endpoint.server.transcript.frames, 'tools/list').length)
      .toBe(listsBefore + 1);
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/list').at(-1)!.seq).toBeGreaterThan(
      gets()[1]!.seq,
    );

    const beta = nextView(host, (tools) => namesOf(tools, 'srv').includes('beta'));
    endpoint.server.apply(addTool(tool('beta')));
    expect(namesOf(await beta, 'srv')).toEqual(['alpha', 'beta']);
  });
});
