import type { TranscriptFrame } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { pendingReconnect } from './pending-reconnect.js';

let seq = 0;
const frame = (extra: Partial<TranscriptFrame>): TranscriptFrame => ({
  seq: ++seq,
  tick: 0,
  direction: 'in',
  kind: 'message',
  era: 'modern',
  transport: 'http',
  streamId: 'post-1',
  catalogRevision: 1,
  ...extra,
});
const listen = (post: string) =>
  frame({ streamId: post, message: { jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: {} } });

describe('pendingReconnect', () => {
  test('a listen stream the server dropped is pending until the client listens again', () => {
    const opened = [listen('post-1'), frame({ direction: 'out', kind: 'stream-open', streamId: 'listen-1' })];
    const dropped = frame({
      direction: 'out',
      kind: 'stream-close',
      streamId: 'listen-1',
      closeMode: 'drop',
    });
    expect(pendingReconnect([...opened, dropped])).toMatchObject({
      seq: dropped.seq,
      what: 'listen-1 dropped by the server',
    });
    expect(pendingReconnect([...opened, dropped, listen('post-2')])).toBeUndefined();
  });

  test('a stream the client closed itself, or a GET refused 405 (no stream on offer), is nothing to wait for', () => {
    expect(
      pendingReconnect([
        listen('post-1'),
        frame({ direction: 'out', kind: 'stream-open', streamId: 'listen-1' }),
        frame({ direction: 'in', kind: 'stream-close', streamId: 'listen-1', closeMode: 'client' }),
      ]),
    ).toBeUndefined();
    expect(
      pendingReconnect([
        frame({ era: 'legacy', streamId: 'get-1', httpMethod: 'GET' }),
        frame({ era: 'legacy', direction: 'out', kind: 'http', streamId: 'get-1', httpStatus: 405 }),
      ]),
    ).toBeUndefined();
  });

  test('a listen answered 503, or a legacy session answered 404, is a loss the client may be backing off from', () => {
    const refused = frame({ direction: 'out', streamId: 'post-1', httpStatus: 503 });
    expect(pendingReconnect([listen('post-1'), refused])).toMatchObject({ seq: refused.seq });
    const lost = frame({
      era: 'legacy',
      direction: 'out',
      streamId: 'post-3',
      httpStatus: 404,
      sessionId: 's1',
    });
    expect(pendingReconnect([lost])).toMatchObject({ what: 'session s1 answered 404' });
    expect(
      pendingReconnect([
        lost,
        frame({ era: 'legacy', message: { jsonrpc: '2.0', id: 2, method: 'initialize' } }),
      ]),
    ).toBeUndefined();
  });
});
