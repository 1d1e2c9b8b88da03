import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { failureSurfaced } from './failure-surfaced.js';

function pageTwoFails(h: History) {
  h.page([{ name: 'a' }], { nextCursor: 'c1' });
  h.exchange(
    'tools/list',
    { cursor: 'c1' },
    { error: { code: -32603, message: 'upstream' } },
    { httpStatus: 500 },
  );
}

test('discovery.failure-surfaced passes a retry to completion or a warning', () => {
  const retried = new History();
  pageTwoFails(retried);
  retried.listing([{ name: 'a' }, { name: 'b' }], 1);
  expect(failureSurfaced.check(retried.record()).status).toBe('pass');

  const warned = new History();
  pageTwoFails(warned);
  warned.observations.push({
    kind: 'warning',
    afterSeq: warned.lastSeq,
    serverId: 'primary',
    message: 'listing failed',
  });
  expect(failureSurfaced.check(warned.record()).status).toBe('pass');
});

test('discovery.failure-surfaced fails a swallowed page failure', () => {
  const h = new History();
  pageTwoFails(h);
  h.expose([{ name: 'a' }]);
  expect(failureSurfaced.check(h.record())).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('swallowed'),
  });
});

test('a JSON-RPC error answered with HTTP 200 is named as such, not as "HTTP 200" (issue 9, point 12)', () => {
  const h = new History();
  h.page([{ name: 'a' }], { nextCursor: 'c1' });
  h.exchange('tools/list', { cursor: 'c1' }, { error: { code: -32602, message: 'Invalid cursor' } });
  h.expose([{ name: 'a' }]);
  const verdict = failureSurfaced.check(h.record());
  expect(verdict.status).toBe('fail');
  expect(verdict.message).toContain('(JSON-RPC error -32602 "Invalid cursor" with HTTP 200)');
  expect(verdict.message).not.toContain('(HTTP 200)');
});
