import { describe, expect, it } from 'vitest';
import {
  addTool,
  afterRequests,
  atStart,
  atTick,
  betweenPages,
  emitListChanged,
  endStreams,
  manual,
  onStreamOpen,
  removeTool,
  scriptBuilder,
} from '../../src/index.js';
import { openLegacySession, useLoopback } from '../support/loopback.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const names = (result: { tools: Array<{ name: string }> }) => result.tools.map((t) => t.name);

describe('triggers', () => {
  const fixture = useLoopback();

  it('a manual step changes the list only when the test applies it', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('manual')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')), manual())
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    expect(names(await client.listTools())).toEqual(['alpha']);
    server.apply('add-beta');
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
  });

  it('an atStart step has run before the first request', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('at-start')
        .tools(tool('alpha'))
        .step('drop-alpha', removeTool('alpha'), atStart())
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    expect(names(await client.listTools())).toEqual([]);
    expect(server.catalogRevision).toBe(2);
  });

  it('afterRequests fires right after the Nth request of a method is answered', async () => {
    const { url } = await fixture.start(
      scriptBuilder('after-requests')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')), afterRequests(2, { method: 'tools/list' }))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    expect(names(await client.listTools())).toEqual(['alpha']);
    await client.callTool({ name: 'alpha', arguments: {} });
    expect(names(await client.listTools())).toEqual(['alpha']);
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
  });

  it('afterRequests without a method counts every request', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('after-any')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')), afterRequests(3))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy'); // initialize is request 1
    await client.listTools(); // 2
    expect(server.tools().map((t) => t.name)).toEqual(['alpha']);
    await client.callTool({ name: 'alpha', arguments: {} }); // 3
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
  });

  it('afterRequests with a tool counts only calls of that tool', async () => {
    const { url } = await fixture.start(
      scriptBuilder('after-tool-call')
        .tools(tool('alpha'), tool('enable_toolset'))
        .step('add-beta', addTool(tool('beta')), afterRequests(1, { tool: 'enable_toolset' }))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    await client.callTool({ name: 'alpha', arguments: {} });
    expect(names(await client.listTools({}, { cacheMode: 'bypass' }))).toEqual(['alpha', 'enable_toolset']);
    await client.callTool({ name: 'enable_toolset', arguments: {} });
    expect(names(await client.listTools({}, { cacheMode: 'bypass' }))).toEqual([
      'alpha',
      'enable_toolset',
      'beta',
    ]);
  });

  it('phase received fires while the request is in flight, so its own answer already reflects the step', async () => {
    const { url } = await fixture.start(
      scriptBuilder('received')
        .tools(tool('alpha'))
        .step(
          'add-beta',
          addTool(tool('beta')),
          afterRequests(1, { method: 'tools/list', phase: 'received' }),
        )
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
  });

  it('betweenPages fires after page K is served and before page K+1', async () => {
    const { url } = await fixture.start(
      scriptBuilder('between-pages')
        .tools(tool('a'), tool('b'), tool('c'), tool('d'))
        .pageSize(2)
        .step('add-e', addTool(tool('e')), betweenPages(1))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    const first = await client.request({ method: 'tools/list', params: {} });
    expect(names(first)).toEqual(['a', 'b']);
    const second = await client.listTools({ cursor: first.nextCursor as string });
    expect(names(second)).toEqual(['c', 'd']);
    const third = await client.listTools({ cursor: second.nextCursor as string });
    expect(names(third)).toEqual(['e']);
    expect(third.nextCursor).toBeUndefined();
  });

  it('onStreamOpen listen fires when a listen stream opens, after its acknowledgement', async () => {
    const { url } = await fixture.start(
      scriptBuilder('on-listen')
        .tools(tool('alpha'))
        .step('ping', emitListChanged(), onStreamOpen('listen'))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    const subscription = await client.listen({ toolsListChanged: true });
    expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
    await expect.poll(() => changes).toBe(1);
  });

  it('onStreamOpen with afterEvents fires after the Nth message on the stream', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('after-events')
        .tools(tool('alpha'))
        .step('first', emitListChanged(), manual())
        .step('second', addTool(tool('beta')), onStreamOpen('listen', 2))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    await client.listen({ toolsListChanged: true });
    expect(server.tools()).toHaveLength(1); // the ack is message 1
    server.apply('first'); // the notification is message 2
    expect(server.tools().map((t) => t.name)).toEqual(['alpha', 'beta']);
  });

  it('onStreamOpen with nth fires on the Nth stream of its kind, not the first', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('nth-listen')
        .tools(tool('alpha'))
        .step('second-listen', addTool(tool('beta')), onStreamOpen('listen', undefined, 2))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    const first = await client.listen({ toolsListChanged: true });
    expect(server.tools()).toHaveLength(1);
    await first.close();
    await client.listen({ toolsListChanged: true });
    await expect.poll(() => server.tools().map((t) => t.name)).toEqual(['alpha', 'beta']);
  });

  it('onStreamOpen resume: the resumed GET is answered and closed with no event (scripted)', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('resume')
        .tools(tool('alpha'))
        .streams({ eventIds: true })
        .step('close-resume', endStreams('get', 'graceful'), onStreamOpen('resume'))
        .build(),
    );
    const session = await openLegacySession(url);
    const get = await session.openGet();
    const priming = await get.next();
    server.apply(endStreams('get', 'drop'));
    await get.ended;
    expect(server.transcript.frames.some((f) => f.kind === 'step' && f.step === 'close-resume')).toBe(false);
    const resumed = await session.openGet({ 'last-event-id': priming.id as string });
    expect(await resumed.ended).toBe('end');
    expect(resumed.events).toEqual([]);
    expect(server.transcript.frames.filter((f) => f.kind === 'step').map((f) => f.step)).toContain(
      'close-resume',
    );
  });

  it('onStreamOpen get fires when a legacy GET stream opens and its notification travels on it', async () => {
    const { url } = await fixture.start(
      scriptBuilder('on-get')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')), onStreamOpen('get'))
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
    await expect.poll(() => changes).toBeGreaterThanOrEqual(1);
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
  });

  it('atTick fires when the logical clock reaches the tick, never before', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('at-tick')
        .tools(tool('alpha'))
        .step('add-beta', addTool(tool('beta')), atTick(60_000))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    server.advanceClock(59_999);
    expect(names(await client.listTools())).toEqual(['alpha']);
    server.advanceClock(1);
    expect(names(await client.listTools())).toEqual(['alpha', 'beta']);
    const step = server.transcript.frames.find((frame) => frame.kind === 'step' && frame.step === 'add-beta');
    expect(step?.tick).toBe(60_000);
  });
});
