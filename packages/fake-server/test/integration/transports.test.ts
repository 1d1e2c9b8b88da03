import { expect, test } from 'vitest';
import type { ScriptDocument, TranscriptFrame } from '../../src/index.js';
import { forEachCell } from '../matrix/for-each-cell.js';

const tool = (name: string) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
});

const script: ScriptDocument = {
  toolshiftScript: 1,
  catalog: { tools: [tool('alpha'), tool('beta'), tool('gamma')] },
  pagination: { pageSize: 2 },
};

const isStreamOpen = (frame: TranscriptFrame) => frame.kind === 'stream-open';

forEachCell({}, (cell) => {
  test('the SDK client lists every tool across pages', async () => {
    const { client, server } = await cell.start(script);
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(['alpha', 'beta', 'gamma']);
    const pages = server.transcript.frames.filter(
      (f) => f.direction === 'out' && (f.message as { result?: { tools?: unknown } })?.result?.tools,
    );
    expect(pages).toHaveLength(2);
    for (const frame of server.transcript.frames) {
      expect(frame.transport === cell.transport || frame.streamId === 'world').toBe(true);
      if (frame.direction !== 'server') expect(frame.era).toBe(cell.era);
    }
  });

  test('a tool call is answered with its arguments echoed', async () => {
    const { client } = await cell.start(script);
    const result = await client.callTool({ name: 'beta', arguments: { q: 'hello' } });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ q: 'hello' }) }]);
  });

  test('a catalog change reaches the client as list_changed and the re-list shows it', async () => {
    let resolveChanged!: (names: string[]) => void;
    const changed = new Promise<string[]>((resolve) => {
      resolveChanged = resolve;
    });
    const { server } = await cell.start(script, {
      client: {
        listChanged: {
          tools: {
            autoRefresh: true,
            debounceMs: 0,
            onChanged: (error, tools) => {
              if (!error && tools) resolveChanged(tools.map((t) => t.name));
            },
          },
        },
      },
    });
    // The change channel (legacy GET stream or session channel, modern listen stream) is open.
    await server.waitFor(isStreamOpen);
    server.apply({ action: 'addTool', tool: tool('delta') });
    expect(await changed).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    const notification = await server.waitFor(
      (f) =>
        f.direction === 'out' &&
        (f.message as { method?: string })?.method === 'notifications/tools/list_changed',
    );
    expect(notification.catalogRevision).toBe(2);
  });

  test('two clients are two sessions or connections, each told about a change', async () => {
    const { server, connect } = await cell.start(script);
    const seen: string[] = [];
    let bothSeen!: () => void;
    const done = new Promise<void>((resolve) => {
      bothSeen = resolve;
    });
    const listener = (name: string) => ({
      listChanged: {
        tools: {
          autoRefresh: false,
          debounceMs: 0,
          onChanged: () => {
            seen.push(name);
            if (seen.length === 2) bothSeen();
          },
        },
      },
    });
    await connect(listener('first'));
    await connect(listener('second'));
    // Legacy: every client has a change channel (the first one too); modern: the two that listen.
    const expected = cell.era === 'legacy' ? 3 : 2;
    const channels = () => server.transcript.frames.filter(isStreamOpen).length;
    while (channels() < expected) await server.waitFor(isStreamOpen, { afterSeq: server.transcript.lastSeq });
    server.apply({ action: 'removeTool', name: 'alpha' });
    await done;
    expect(seen.sort()).toEqual(['first', 'second']);
  });
});

forEachCell({ eras: ['modern'] }, (cell) => {
  test('a graceful server close ends the listen stream with its result', async () => {
    const { client, server } = await cell.start(script);
    const subscription = await client.listen({ toolsListChanged: true });
    expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
    server.close('graceful');
    expect(await subscription.closed).toBe('graceful');
  });

  test('a dropped stream is an unexpected disconnect for the client', async () => {
    const { client, server } = await cell.start(script);
    const subscription = await client.listen({ toolsListChanged: true });
    server.close('drop');
    expect(await subscription.closed).toBe('remote');
    const close = server.transcript.frames.find((f) => f.kind === 'stream-close');
    expect(close?.closeMode).toBe('drop');
  });

  test('closing the subscription on the client side closes the stream on the server', async () => {
    const { client, server } = await cell.start(script);
    const subscription = await client.listen({ toolsListChanged: true });
    await subscription.close();
    // HTTP/msw: the client closes the SSE response; stdio/in-memory: it sends notifications/cancelled
    // for the listen id on the shared channel. Either way the subscription ends on the server.
    const close = await server.waitFor((f) => f.kind === 'stream-close');
    expect(close.closeMode).toBe('client');
    expect(server.openStreamCount()).toBe(0);
  });
});
