import { describe, expect, it, test } from 'vitest';
import { createFakeServer } from '../create-fake-server.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import { addTool } from './build-actions.js';
import { scriptBuilder } from './script-builder.js';
import type { ScriptStep } from './script-document.js';
import { StepScheduler } from './step-scheduler.js';

const step = (id: string, trigger: ScriptStep['trigger']): ScriptStep => ({
  id,
  ...(trigger ? { trigger } : {}),
  action: { action: 'emitListChanged' },
});
const frame = (extra: Partial<TranscriptFrame>): TranscriptFrame => ({
  seq: 1,
  tick: 0,
  catalogRevision: 1,
  direction: 'out',
  kind: 'message',
  era: 'modern',
  transport: 'http',
  streamId: 'listen-1',
  ...extra,
});
const ids = (steps: ScriptStep[]) => steps.map((s) => s.id);

describe('StepScheduler', () => {
  it('counts answered requests per method, per tool and in total, separately from received ones', () => {
    const scheduler = new StepScheduler([
      step('any-2', { afterRequests: 2 }),
      step('list-1', { afterRequests: 1, method: 'tools/list' }),
      step('beta-1', { afterRequests: 1, tool: 'beta' }),
      step('received-1', { afterRequests: 1, method: 'tools/call', phase: 'received' }),
    ]);
    scheduler.requestReceived('tools/call', 'alpha');
    expect(ids(scheduler.drain())).toEqual(['received-1']);
    scheduler.requestAnswered('tools/call', 'alpha');
    expect(ids(scheduler.drain())).toEqual([]);
    scheduler.requestAnswered('tools/list', undefined);
    expect(ids(scheduler.drain())).toEqual(['any-2', 'list-1']);
    scheduler.requestAnswered('tools/call', 'beta');
    expect(ids(scheduler.drain())).toEqual(['beta-1']);
  });

  it('fires each step at most once, atTick once the clock reaches it, betweenPages on the page', () => {
    const scheduler = new StepScheduler([
      step('tick', { atTick: 100 }),
      step('page', { betweenPages: 2 }),
      step('m', undefined),
    ]);
    scheduler.tick(99);
    scheduler.pageServed(1);
    expect(scheduler.drain()).toEqual([]);
    scheduler.tick(150);
    scheduler.pageServed(2);
    scheduler.tick(200);
    scheduler.pageServed(2);
    expect(ids(scheduler.drain())).toEqual(['tick', 'page']);
  });

  it('onStreamOpen counts JSON-RPC messages on listen and GET streams, not priming events or POST streams', () => {
    const scheduler = new StepScheduler([
      step('open-get', { onStreamOpen: 'get' }),
      step('listen-2nd', { onStreamOpen: 'listen', afterEvents: 2 }),
    ]);
    scheduler.observe(frame({ kind: 'stream-open', streamId: 'post-3' }));
    scheduler.observe(frame({ kind: 'stream-open', streamId: 'listen-1' }));
    scheduler.observe(frame({ streamId: 'listen-1', message: { jsonrpc: '2.0', method: 'a' } as never }));
    scheduler.observe(frame({ streamId: 'listen-1', raw: '' }));
    expect(scheduler.drain()).toEqual([]);
    scheduler.observe(frame({ streamId: 'listen-1', message: { jsonrpc: '2.0', method: 'b' } as never }));
    scheduler.observe(frame({ kind: 'stream-open', streamId: 'get-1', era: 'legacy' }));
    expect(ids(scheduler.drain())).toEqual(['listen-2nd', 'open-get']);
  });
});

describe('triggers through a server', () => {
  const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const list = (id: number, cursor?: string) => ({
    transport: 'in-memory' as const,
    headers: {},
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/list',
      params: { _meta: meta, ...(cursor ? { cursor } : {}) },
    }),
  });

  test('atStart steps run at creation; afterRequests fires right after the Nth matching request', async () => {
    const server = createFakeServer(
      scriptBuilder('t')
        .tools(tool('a'))
        .step('boot', addTool(tool('b')), { atStart: true })
        .step('second-list', addTool(tool('c')), { afterRequests: 2, method: 'tools/list' })
        .build(),
    );
    expect(server.tools().map((t) => t.name)).toEqual(['a', 'b']);
    await server.handle(list(1));
    expect(server.catalogRevision).toBe(2);
    await server.handle(list(2));
    expect(server.tools().map((t) => t.name)).toEqual(['a', 'b', 'c']);
    await server.handle(list(3));
    expect(server.catalogRevision).toBe(3);
    expect(server.transcript.frames.filter((f) => f.kind === 'step').map((f) => f.step)).toEqual([
      'boot',
      'second-list',
    ]);
  });

  test('betweenPages fires after page K is served, so page K+1 sees the change', async () => {
    const server = createFakeServer(
      scriptBuilder('t')
        .tools(tool('a'), tool('b'), tool('c'))
        .pageSize(1)
        .step('mid', addTool(tool('d')), { betweenPages: 2 })
        .build(),
    );
    const page1 = JSON.parse(JSON.stringify((await server.handle(list(1))).reply));
    const cursor1 = page1.message.result.nextCursor;
    const page2 = (await server.handle(list(2, cursor1))).reply as unknown as {
      message: { result: { nextCursor: string } };
    };
    expect(server.catalogRevision).toBe(2);
    const seqOfStep = server.transcript.frames.find((f) => f.kind === 'step')!.seq;
    const page2Frame = server.transcript.frames.filter((f) => f.direction === 'out')[1]!;
    expect(seqOfStep).toBeGreaterThan(page2Frame.seq);
    expect(page2.message.result.nextCursor).toBeDefined();
  });

  test('atTick steps fire when the logical clock reaches their time', () => {
    const server = createFakeServer(
      scriptBuilder('t')
        .step('later', addTool(tool('x')), { atTick: 1000 })
        .build(),
    );
    server.advanceClock(999);
    expect(server.tools()).toEqual([]);
    server.advanceClock(1);
    expect(server.tools().map((t) => t.name)).toEqual(['x']);
    expect(server.transcript.frames[0]).toMatchObject({ kind: 'step', tick: 1000 });
  });

  test('apply rejects an unknown step id and a failing action without changing the world', () => {
    const server = createFakeServer(
      scriptBuilder('t')
        .tools(tool('a'))
        .step('dup', addTool(tool('a')))
        .build(),
    );
    expect(() => server.apply('nope')).toThrow(expect.objectContaining({ code: 'SCRIPT_UNKNOWN_STEP' }));
    expect(() => server.apply('dup')).toThrow(expect.objectContaining({ code: 'STEP_FAILED' }));
    expect(server.catalogRevision).toBe(1);
  });
});
