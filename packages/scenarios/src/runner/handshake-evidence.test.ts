import type { TranscriptFrame } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { handshakeEvidence } from './handshake-evidence.js';

let seq = 0;
const frame = (direction: 'in' | 'out', message: Record<string, unknown>): TranscriptFrame =>
  ({
    seq: ++seq,
    tick: 0,
    direction,
    kind: 'message',
    era: 'legacy',
    transport: 'http',
    streamId: 'post-1',
    catalogRevision: 1,
    message: { jsonrpc: '2.0', ...message },
  }) as TranscriptFrame;

test('a legacy connection works once initialize is answered and the client sent notifications/initialized', () => {
  seq = 0;
  const frames = [
    frame('in', { id: 1, method: 'initialize', params: {} }),
    frame('out', { id: 1, result: { protocolVersion: '2025-11-25' } }),
  ];
  expect(handshakeEvidence(frames, 0)).toBeUndefined();
  frames.push(frame('in', { method: 'notifications/initialized' }));
  expect(handshakeEvidence(frames, 0)?.map((ref) => ref.seq)).toEqual([1, 2, 3]);
  // Only frames after the connect started count.
  expect(handshakeEvidence(frames, 3)).toBeUndefined();
});

test('a modern connection works once server/discover or tools/list is answered with a result, not an error', () => {
  seq = 0;
  const failed = [
    frame('in', { id: 'a', method: 'server/discover' }),
    frame('out', { id: 'a', error: { code: -32600, message: 'no' } }),
  ];
  expect(handshakeEvidence(failed, 0)).toBeUndefined();
  const listed = [
    ...failed,
    frame('in', { id: 2, method: 'tools/list' }),
    frame('out', { id: 2, result: { tools: [] } }),
  ];
  expect(handshakeEvidence(listed, 0)).toEqual([
    { seq: 3, note: 'tools/list request' },
    { seq: 4, note: 'tools/list answered' },
  ]);
});
