import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { resubscribedAfterReconnect } from './resubscribed-after-reconnect.js';

describe('reconnect.resubscribed-and-relisted', () => {
  test('passes when a dropped listen stream is followed by a new listen and a re-list', () => {
    const h = new History();
    const stream = h.listen();
    h.listing([{ name: 'a' }]);
    h.drop(stream);
    h.listen();
    h.listing([{ name: 'a' }, { name: 'b' }], 1);
    expect(resubscribedAfterReconnect.check(h.record()).status).toBe('pass');
  });

  test('fails when the client re-lists but never listens again', () => {
    const h = new History();
    const stream = h.listen();
    h.listing([{ name: 'a' }]);
    const drop = h.drop(stream);
    h.listing([{ name: 'a' }]);
    const verdict = resubscribedAfterReconnect.check(h.record());
    expect(verdict).toMatchObject({ status: 'fail', evidence: [{ seq: drop.seq }] });
    expect(verdict.nearMiss).toContain('re-listed once');
  });

  test('fails when the client listens again but keeps the old list', () => {
    const h = new History();
    const stream = h.listen();
    h.listing([{ name: 'a' }]);
    h.drop(stream, 'graceful');
    h.listen();
    expect(resubscribedAfterReconnect.check(h.record()).message).toContain('did not re-list');
  });

  test('legacy: a lost session needs a new initialize and a re-list; a lost GET stream a new GET', () => {
    const good = new History('legacy');
    good.listing([{ name: 'a' }]);
    good.frame({ direction: 'out', kind: 'http', httpStatus: 404, sessionId: 's1' });
    good.exchange('initialize', {}, {});
    good.listing([{ name: 'a' }]);
    const get = good.getStream();
    good.drop(get);
    good.getStream();
    expect(resubscribedAfterReconnect.check(good.record()).status).toBe('pass');

    const bad = new History('legacy');
    bad.listing([{ name: 'a' }]);
    bad.frame({ direction: 'out', kind: 'http', httpStatus: 404, sessionId: 's1' });
    bad.exchange('initialize', {}, {});
    expect(resubscribedAfterReconnect.check(bad.record()).nearMiss).toContain('pre-restart');
  });
});

test('a stream lost before the client first listed needs a new subscription, not a re-list (found by the false-positive corpus)', () => {
  const h = new History();
  const stream = h.listen();
  h.drop(stream);
  h.listen();
  // Before: "listened again but did not re-list after it" for a client that had never listed.
  expect(resubscribedAfterReconnect.check(h.record()).status).toBe('pass');
  const never = new History();
  never.drop(never.listen());
  expect(resubscribedAfterReconnect.check(never.record()).status).toBe('fail');
});
