import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { listRequests } from './list-requests.js';

test('discovery.list-requests counts tools/list requests against exactly / atMost / atLeast', () => {
  const h = new History();
  h.listing([{ name: 'a' }, { name: 'b' }, { name: 'c' }], 2);
  expect(listRequests.check(h.record(), { exactly: 2 }).status).toBe('pass');
  expect(listRequests.check(h.record(), { atMost: 3, atLeast: 1 }).status).toBe('pass');
  const short = listRequests.check(h.record(), { exactly: 3 });
  expect(short.status).toBe('fail');
  expect(short.message).toContain('took 2 tools/list request(s); expected exactly 3');
  expect(short.nearMiss).toContain('fewer pages');
  for (let i = 0; i < 5; i++) h.page([{ name: 'a' }], { cursor: '', nextCursor: '' });
  expect(listRequests.check(h.record(), { atMost: 3 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('a loop on a cursor'),
  });
  expect(listRequests.validateParams!({ atMost: 'x' })).toBeDefined();
});

test('discovery.list-requests judges each complete listing for `exactly`, so extra full listings are fine (found by the false-positive corpus)', () => {
  const h = new History();
  h.listing([{ name: 'a' }, { name: 'b' }], 1);
  // The client re-lists the whole catalog before a call: 4 requests, 2 per listing.
  h.listing([{ name: 'a' }, { name: 'b' }], 1);
  // Before: "sent 4 tools/list request(s); expected exactly 2", near miss "it stopped before reading every page".
  expect(listRequests.check(h.record(), { exactly: 2 }).status).toBe('pass');
  expect(listRequests.check(h.record(), { atMost: 3 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('kept listing'),
  });
  const firstPageOnly = new History();
  firstPageOnly.page([{ name: 'a' }], { nextCursor: 'c1' });
  expect(listRequests.check(firstPageOnly.record(), { exactly: 2 })).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('none of the client’s'.replace('’', "'")),
  });
});

test('discovery.list-requests does not judge a lower bound for a client that first listed after the catalog changed', () => {
  const lazy = new History();
  lazy.listen();
  lazy.change();
  lazy.change();
  lazy.listing([{ name: 'a' }]);
  lazy.expose([{ name: 'a' }]);
  expect(listRequests.check(lazy.record(), { atLeast: 4 }).status).toBe('inconclusive');
  const eager = new History();
  eager.listing([{ name: 'a' }]);
  eager.expose([{ name: 'a' }]);
  eager.change();
  expect(listRequests.check(eager.record(), { atLeast: 2 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('never came'),
  });
});
