import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { cursorsEchoed } from './cursors-echoed.js';

test('discovery.cursors-echoed passes verbatim cursors and a retry of a failed page', () => {
  const h = new History();
  h.page([{ name: 'a' }], { nextCursor: 'opaque+/=' });
  h.exchange('tools/list', { cursor: 'opaque+/=' }, { error: { code: -32603, message: 'boom' } });
  h.page([{ name: 'b' }], { cursor: 'opaque+/=' });
  expect(cursorsEchoed.check(h.record()).status).toBe('pass');
});

test('discovery.cursors-echoed fails a re-encoded cursor and is inconclusive without a second page', () => {
  const h = new History();
  h.page([{ name: 'a' }], { nextCursor: 'opaque+/=' });
  const second = h.page([{ name: 'b' }], { cursor: 'opaque%2B%2F%3D' });
  expect(cursorsEchoed.check(h.record())).toMatchObject({
    status: 'fail',
    evidence: expect.arrayContaining([expect.objectContaining({ seq: second.request.seq })]),
  });
  const single = new History();
  single.listing([{ name: 'a' }]);
  expect(cursorsEchoed.check(single.record()).status).toBe('inconclusive');
});
