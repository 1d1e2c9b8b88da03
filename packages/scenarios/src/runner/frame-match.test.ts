import type { TranscriptFrame } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { matchesFrame } from './frame-match.js';

const frame = (over: Partial<TranscriptFrame>): TranscriptFrame => ({
  seq: 1,
  tick: 0,
  direction: 'in',
  kind: 'message',
  era: 'legacy',
  transport: 'http',
  streamId: 'post-1',
  catalogRevision: 1,
  ...over,
});

test('every given field must match; absent fields match anything', () => {
  const call = frame({
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'alpha' } },
    httpMethod: 'POST',
  });
  expect(matchesFrame(call, { method: 'tools/call' })).toBe(true);
  expect(matchesFrame(call, { tool: 'alpha', direction: 'in', httpMethod: 'POST' })).toBe(true);
  expect(matchesFrame(call, { tool: 'beta' })).toBe(false);
  expect(matchesFrame(call, { direction: 'out' })).toBe(false);
  expect(matchesFrame(call, { streamPrefix: 'get-' })).toBe(false);
  expect(
    matchesFrame(frame({ kind: 'stream-open', streamId: 'get-3' }), {
      kind: 'stream-open',
      streamPrefix: 'get-',
    }),
  ).toBe(true);
  expect(
    matchesFrame(frame({ kind: 'step', step: 'add-beta', direction: 'server' }), { step: 'add-beta' }),
  ).toBe(true);
});
