import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { sameSessionRelist } from './same-session-relist.js';

test('legacy.same-session-relist passes a re-list in the notifying session and fails a reconnect', () => {
  const good = new History('legacy');
  good.listing([{ name: 'a' }], 1, { sessionId: 's1', transport: 'http' });
  good.change('added b', { sessionId: 's1', streamId: 'get-1', transport: 'http' });
  good.listing([{ name: 'a' }, { name: 'b' }], 2, { sessionId: 's1', transport: 'http' });
  expect(sameSessionRelist.check(good.record()).status).toBe('pass');

  const bad = new History('legacy');
  bad.listing([{ name: 'a' }], 1, { sessionId: 's1', transport: 'http' });
  bad.change('added b', { sessionId: 's1', streamId: 'get-1', transport: 'http' });
  bad.exchange('initialize', {}, {}, { transport: 'http' });
  bad.listing([{ name: 'a' }, { name: 'b' }], 2, { sessionId: 's2', transport: 'http' });
  expect(sameSessionRelist.check(bad.record())).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('reconnected'),
  });
  // The cell's era label does not decide; the era spoken on the wire does.
  expect(sameSessionRelist.check({ ...good.record(), era: 'modern' }).status).toBe('pass');
  const modern = new History('modern');
  modern.listing([{ name: 'a' }], 1, { transport: 'http' });
  modern.change('added b', { transport: 'http' });
  modern.listing([{ name: 'a' }, { name: 'b' }], 2, { transport: 'http' });
  expect(sameSessionRelist.check({ ...modern.record(), era: 'legacy' })).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining('negotiated 2026-07-28'),
  });
});

test('legacy.same-session-relist compares connections on stdio and in-memory, where there is no session header', () => {
  const h = new History('legacy');
  h.listing([{ name: 'a' }], 1, { streamId: 'conn-1' });
  h.change('added b', { streamId: 'conn-1' });
  h.listing([{ name: 'a' }, { name: 'b' }], 2, { streamId: 'conn-1' });
  expect(sameSessionRelist.check(h.record()).status).toBe('pass');
});
