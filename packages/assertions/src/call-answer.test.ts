import { expect, test } from 'vitest';
import { History } from '../test/support/history.js';
import { callAnswerSeq } from './call-answer.js';

const lastCall = (h: History) => {
  const call = h.observations.at(-1);
  if (call?.kind !== 'call') throw new Error('no call observation');
  return call;
};

test('a call is cited by the frame that answered it, not by where the client reported its outcome', () => {
  const h = new History();
  h.listing([{ name: 'alpha' }]);
  let answer = 0;
  h.callObservation('alpha', {}, () => {
    answer = h.call('alpha', {}).response.seq;
    // The client re-lists before the host sees the call's outcome (fast in-process transports).
    h.listing([{ name: 'alpha' }]);
  });
  expect(lastCall(h).afterSeq).toBeGreaterThan(answer);
  expect(callAnswerSeq(h.frames, lastCall(h))).toBe(answer);
});

test('an answer on another stream than the request (a resumed SSE stream) is paired by JSON-RPC id', () => {
  const h = new History();
  let answer = 0;
  h.callObservation('alpha', {}, () => {
    h.frame({
      direction: 'in',
      kind: 'message',
      streamId: 'post-7',
      message: { jsonrpc: '2.0', id: 41, method: 'tools/call', params: { name: 'alpha', arguments: {} } },
    });
    h.drop('post-7');
    answer = h.frame({
      direction: 'out',
      kind: 'message',
      streamId: 'get-2',
      message: { jsonrpc: '2.0', id: 41, result: { content: [] } },
    }).seq;
  });
  expect(callAnswerSeq(h.frames, lastCall(h))).toBe(answer);
});

test('a call with no answer in its window (refused by the client, or another tool answered) is cited where its outcome was reported', () => {
  const h = new History();
  h.call('alpha', {});
  h.callObservation('alpha', {}, () => h.call('beta', {}), { ok: false });
  expect(callAnswerSeq(h.frames, lastCall(h))).toBe(lastCall(h).afterSeq);
});
