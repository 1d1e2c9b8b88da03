import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { sameSessionRelist } from './same-session-relist.js';

test('legacy.same-session-relist passes a re-list in the notifying session and fails a reconnect', () => {
  const good = new History('legacy');
  good.listing([{ name: 'a' }], 1, { sessionId: 's1' });
  good.change('added b', { sessionId: 's1', streamId: 'get-1' });
  good.listing([{ name: 'a' }, { name: 'b' }], 2, { sessionId: 's1' });
  expect(sameSessionRelist.check(good.record()).status).toBe('pass');

  const bad = new History('legacy');
  bad.listing([{ name: 'a' }], 1, { sessionId: 's1' });
  bad.change('added b', { sessionId: 's1', streamId: 'get-1' });
  bad.exchange('initialize', {}, {});
  bad.listing([{ name: 'a' }, { name: 'b' }], 2, { sessionId: 's2' });
  expect(sameSessionRelist.check(bad.record())).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('reconnected'),
  });
  expect(sameSessionRelist.check({ ...good.record(), era: 'modern' }).status).toBe('inconclusive');
});
