import { describe, expect, it } from 'vitest';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
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
