import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { stopsOnRepeatedCursor } from './stops-on-repeated-cursor.js';

describe('discovery.stops-on-repeated-cursor', () => {
  test('passes when a stuck cursor ends the listing after one repeat offer', () => {
    const h = new History();
    h.page([{ name: 'a' }], { nextCursor: 'page-1' });
    h.page([{ name: 'a' }], { cursor: 'page-1', nextCursor: 'page-1' });
    expect(stopsOnRepeatedCursor.check(h.record()).status).toBe('pass');
  });

  test('fails when the client requests the same cursor again', () => {
    const h = new History();
    h.page([{ name: 'a' }], { nextCursor: 'page-1' });
    const first = h.page([{ name: 'a' }], { cursor: 'page-1', nextCursor: 'page-1' });
    const again = h.page([{ name: 'a' }], { cursor: 'page-1', nextCursor: 'page-1' });
    const verdict = stopsOnRepeatedCursor.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.map((e) => e.seq)).toEqual([first.request.seq, again.request.seq]);
  });

  test('is inconclusive when no listing had a second page, so no cursor could repeat (issue 9, point 13)', () => {
    const h = new History();
    h.listing([{ name: 'a' }, { name: 'b' }]);
    // Before: "No cursor was requested twice in 1 listing(s)", a pass with nothing judged.
    expect(stopsOnRepeatedCursor.check(h.record()).status).toBe('inconclusive');
  });
});
