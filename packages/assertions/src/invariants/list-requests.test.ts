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
  expect(short.message).toContain('sent 2');
  for (let i = 0; i < 5; i++) h.page([{ name: 'a' }], { cursor: '', nextCursor: '' });
  expect(listRequests.check(h.record(), { atMost: 3 })).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('past the end'),
  });
  expect(listRequests.validateParams!({ atMost: 'x' })).toBeDefined();
});
