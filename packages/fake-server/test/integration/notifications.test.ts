import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  addTool,
  afterRequests,
  emitListChanged,
  endStreams,
  injectFault,
  scriptBuilder,
  setNotifications,
} from '../../src/index.js';
import {
  MODERN_META,
  messageOf,
  openLegacySession,
  openSse,
  type SseReader,
  useLoopback,
} from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

/** Counts `notifications/tools/list_changed` a client receives. */
function countChanges(client: Client): () => number {
  let count = 0;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    count += 1;
  });
  return () => count;
}

/** Opens a raw modern listen stream. */
function listen(
  url: string,
  id: string | number,
  notifications: Record<string, unknown>,
): Promise<SseReader> {
  return openSse(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: { notifications, _meta: MODERN_META },
    }),
  });
}

describe('notifications', () => {
  const fixture = useLoopback();

  it('emitListChanged reaches a modern listener and a legacy GET stream, a burst N times', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('emit')
        .tools(tool('a'))
        .step('one', emitListChanged())
        .step('burst', emitListChanged(4))
        .build(),
    );
    const modern = await fixture.connect(url, 'modern');
    const modernChanges = countChanges(modern);
    await modern.listen({ toolsListChanged: true });
    const legacy = await fixture.connect(url, 'legacy');
    const legacyChanges = countChanges(legacy);
    await server.waitFor((f) => f.kind === 'stream-open' && f.era === 'legacy');
    server.apply('one');
    await expect.poll(() => [modernChanges(), legacyChanges()]).toEqual([1, 1]);
    server.apply('burst');
    await expect.poll(() => [modernChanges(), legacyChanges()]).toEqual([5, 5]);
    expect(server.catalogRevision).toBe(1);
  });

  it('suppressed notifications: the catalog changes silently and the loss is recorded', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('suppress')
        .tools(tool('a'))
        .notifications({ mode: 'suppress' })
        .step('add', addTool(tool('b')))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    expect(messageOf(await stream.next()).method).toBe('notifications/subscriptions/acknowledged');
    server.apply('add');
    server.apply(endStreams('listen', 'graceful'));
    expect(messageOf(await stream.next())).toMatchObject({ id: 'l1', result: { resultType: 'complete' } });
    expect(await stream.ended).toBe('end');
    expect(server.transcript.frames.some((f) => f.kind === 'note' && /suppressed/.test(f.note ?? ''))).toBe(
      true,
    );
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['a', 'b']);
  });

  it('delayed notifications are held until the logical clock has advanced delayMs', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('delay')
        .tools(tool('a'))
        .notifications({ delayMs: 5_000 })
        .step('add', addTool(tool('b')))
        .build(),
    );
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    await stream.next(); // ack
    server.apply('add');
    server.advanceClock(4_999);
    const sentSoFar = server.transcript.frames.filter(
      (f) => f.streamId === 'listen-1' && f.kind === 'message',
    );
    expect(sentSoFar).toHaveLength(1);
    server.advanceClock(1);
    expect(messageOf(await stream.next())).toMatchObject({ method: 'notifications/tools/list_changed' });
  });

  it('duplicate sends every signal N times', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('dup')
        .tools(tool('a'))
        .step('dup', setNotifications({ duplicate: 3 }))
        .step('add', addTool(tool('b')))
        .build(),
    );
    const stream = await listen(url, 7, { toolsListChanged: true });
    await stream.next();
    server.apply('dup');
    server.apply('add');
    for (let i = 0; i < 3; i++) {
      const message = messageOf(await stream.next());
      expect(message).toMatchObject({
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
      });
    }
  });

  it('the ack names only the honoured subset of the filter (prompts and resources are never honoured)', async () => {
    const { url } = await fixture.start(scriptBuilder('subset').tools(tool('a')).build());
    const client = await fixture.connect(url, 'modern');
    const subscription = await client.listen({
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
    });
    expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
  });

  it('listen.honor can leave toolsListChanged out of the ack, and then no tools notification is sent', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('honor')
        .tools(tool('a'))
        .listen({ honor: { toolsListChanged: false } })
        .step('add', addTool(tool('b')))
        .build(),
    );
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    expect(messageOf(await stream.next())).toMatchObject({ params: { notifications: {} } });
    server.apply('add');
    server.apply(endStreams('listen', 'graceful'));
    expect(messageOf(await stream.next())).toMatchObject({ id: 'l1', result: {} });
  });

  it('a withheld ack: no acknowledgement and no notification on the stream', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('withhold')
        .tools(tool('a'))
        .listen({ ack: 'withhold' })
        .step('add', addTool(tool('b')))
        .build(),
    );
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    await server.waitFor((f) => f.kind === 'stream-open' && f.streamId === 'listen-1');
    server.apply('add');
    server.apply(endStreams('listen', 'graceful'));
    await stream.ended;
    expect(stream.events.map((e) => messageOf(e))).toEqual([
      {
        jsonrpc: '2.0',
        id: 'l1',
        result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } },
      },
    ]);
    expect(server.transcript.frames.some((f) => f.kind === 'note' && /withheld/.test(f.note ?? ''))).toBe(
      true,
    );
  });

  it('violation mode: the first notification is sent before the ack', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('before-ack')
        .tools(tool('a'))
        .listen({ ack: 'afterFirstNotification' })
        .step('add', addTool(tool('b')))
        .build(),
      { violations: true },
    );
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    await server.waitFor((f) => f.kind === 'stream-open' && f.streamId === 'listen-1');
    server.apply('add');
    expect(messageOf(await stream.next()).method).toBe('notifications/tools/list_changed');
    expect(messageOf(await stream.next()).method).toBe('notifications/subscriptions/acknowledged');
  });

  it('with nothing to honour, listen gets 404 + -32601 when listen.unsupported is method-not-found (§11.5)', async () => {
    const { url } = await fixture.start(
      scriptBuilder('no-listen')
        .server({ toolsListChanged: false })
        .listen({ unsupported: 'method-not-found' })
        .build(),
    );
    const stream = await listen(url, 'l1', { toolsListChanged: true });
    expect(stream.status).toBe(404);
    await stream.ended;
    expect(stream.events).toEqual([]);
  });

  it('legacy route post: list_changed travels on an unrelated in-flight POST response stream', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('post-route')
        .tools(tool('a'), tool('slow'))
        .streams({ postResponse: 'sse' })
        .notifications({ legacyRoute: 'post' })
        .step(
          'hold',
          injectFault({ kind: 'delay', ms: 1_000, clock: 'logical' }, { method: 'tools/call', tool: 'slow' }),
          {
            atStart: true,
          },
        )
        .step('add', addTool(tool('b')))
        .build(),
    );
    const session = await openLegacySession(url);
    const get = await session.openGet();
    const call = await openSse(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session.sessionId,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'slow', arguments: {} },
      }),
    });
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    server.apply('add');
    expect(messageOf(await call.next())).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    server.advanceClock(1_000);
    expect(messageOf(await call.next())).toMatchObject({ id: 9, result: { isError: false } });
    expect(await call.ended).toBe('end');
    get.close();
    expect(get.events).toEqual([]);
  });

  it('legacy route post: a notification from a received-phase step travels on the request’s own stream, before its result', async () => {
    const { url } = await fixture.start(
      scriptBuilder('own-stream')
        .tools(tool('enable_toolset'))
        .streams({ postResponse: 'sse' })
        .notifications({ legacyRoute: 'post' })
        .step('enable', addTool(tool('b')), afterRequests(1, { tool: 'enable_toolset', phase: 'received' }))
        .build(),
    );
    let changes = 0;
    const client = await fixture.connect(url, 'legacy', {
      client: {
        listChanged: {
          tools: {
            onChanged: () => {
              changes += 1;
            },
          },
        },
      },
    });
    await client.callTool({ name: 'enable_toolset', arguments: {} });
    await expect.poll(() => changes).toBe(1);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['enable_toolset', 'b']);
  });

  it('legacy route get: without an open GET stream the signal is lost and the loss is recorded', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('lost')
        .tools(tool('a'))
        .step('add', addTool(tool('b')))
        .build(),
    );
    await openLegacySession(url);
    server.apply('add');
    const note = server.transcript.frames.find(
      (f) => f.kind === 'note' && /was not delivered/.test(f.note ?? ''),
    );
    expect(note?.sessionId).toBeDefined();
  });

  it('uninitializedSessions: send delivers to a session before notifications/initialized (a lifecycle violation)', async () => {
    for (const mode of ['skip', 'send'] as const) {
      const { url, server } = await fixture.start(
        scriptBuilder('uninit')
          .tools(tool('a'))
          .notifications({ uninitializedSessions: mode })
          .step('add', addTool(tool('b')))
          .build(),
        { violations: true },
      );
      const init = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        }),
      });
      const sessionId = init.headers.get('mcp-session-id') as string;
      const get = await openSse(url, {
        headers: { 'mcp-session-id': sessionId, accept: 'text/event-stream' },
      });
      await server.waitFor((f) => f.kind === 'stream-open');
      server.apply('add');
      server.apply(endStreams('get', 'graceful'));
      await get.ended;
      expect(get.events.length).toBe(mode === 'send' ? 1 : 0);
    }
  });
});
