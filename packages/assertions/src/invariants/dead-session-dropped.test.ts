import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { deadSessionDropped } from './dead-session-dropped.js';

function lostSession(h: History) {
  h.exchange('initialize', {}, {}, { sessionId: 's1' });
  return h.exchange(
    'tools/call',
    { name: 'a' },
    { error: { code: -32001, message: 'Session not found' } },
    { sessionId: 's1', httpStatus: 404 },
  );
}

test('reconnect.dead-session-dropped passes a fresh initialize and a new session', () => {
  const h = new History('legacy');
  lostSession(h);
  h.exchange('initialize', {}, {});
  h.exchange('tools/list', {}, { tools: [] }, { sessionId: 's2' });
  expect(deadSessionDropped.check(h.record()).status).toBe('pass');
});

test('reconnect.dead-session-dropped fails a terminal 404, a reused dead id and endless retries', () => {
  const terminal = new History('legacy');
  lostSession(terminal);
  expect(deadSessionDropped.check(terminal.record()).message).toContain('never sent a fresh initialize');

  const reused = new History('legacy');
  lostSession(reused);
  reused.exchange('initialize', {}, {}, {});
  reused.exchange('tools/list', {}, { tools: [] }, { sessionId: 's2' });
  reused.frame({
    direction: 'in',
    kind: 'message',
    sessionId: 's1',
    message: { jsonrpc: '2.0', id: 99, method: 'tools/list' } as never,
  });
  expect(deadSessionDropped.check(reused.record()).message).toContain('dead id s1 again');

  const loop = new History('legacy');
  for (let i = 0; i < 5; i++) lostSession(loop);
  loop.exchange('initialize', {}, {});
  const hammering = deadSessionDropped.check(loop.record(), { max404: 3 });
  expect(hammering.status).toBe('fail');
  // It did start a new session: the retry limit rests on no clause, so the failure is advice.
  expect(hammering.advisory).toMatch(/no clause limits/);
  expect(deadSessionDropped.check(reused.record()).advisory).toBeUndefined();
});

test('closing the dead session’s stream after the new session opened is not reusing the dead id (found by the false-positive corpus)', () => {
  const h = new History('legacy');
  lostSession(h);
  h.exchange('initialize', {}, {});
  h.exchange('tools/list', {}, { tools: [] }, { sessionId: 's2' });
  // The host closes its old SDK client: the old GET stream ends from the client side.
  h.frame({ direction: 'in', kind: 'stream-close', streamId: 'get-1', sessionId: 's1', closeMode: 'client' });
  h.frame({ direction: 'in', kind: 'http', httpMethod: 'DELETE', sessionId: 's1' });
  // Before: "sent the dead id s1 again" for each of them.
  expect(deadSessionDropped.check(h.record()).status).toBe('pass');
});
