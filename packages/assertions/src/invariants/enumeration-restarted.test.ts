import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { enumerationRestarted } from './enumeration-restarted.js';

const three = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];

describe('change.enumeration-restarted', () => {
  test('passes when a change mid-listing is followed by a fresh complete listing', () => {
    const h = new History();
    h.page(three.slice(0, 1), { nextCursor: 'c1' });
    h.change();
    h.page(three.slice(1, 2), { cursor: 'c1', nextCursor: 'c2' });
    h.page(three.slice(2), { cursor: 'c2' });
    h.listing(three, 1);
    expect(enumerationRestarted.check(h.record()).status).toBe('pass');
  });

  test('fails when the client finishes the interrupted listing and never restarts', () => {
    const h = new History();
    h.page(three.slice(0, 1), { nextCursor: 'c1' });
    const signal = h.change();
    h.page(three.slice(1, 2), { cursor: 'c1', nextCursor: 'c2' });
    h.page(three.slice(2), { cursor: 'c2' });
    const verdict = enumerationRestarted.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence[0]!.seq).toBe(signal.seq);
    expect(verdict.nearMiss).toContain('never restarted');
  });

  test('fails when the client resumes a finished listing from an old cursor', () => {
    const h = new History();
    h.listing(three, 1);
    h.change();
    h.page(three.slice(2), { cursor: 'c3' });
    const verdict = enumerationRestarted.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('resumed a finished listing');
  });

  test('fails when the client re-reads only page one', () => {
    const h = new History();
    h.listing(three, 1);
    h.change();
    h.page(three.slice(0, 1), { nextCursor: 'c9' });
    expect(enumerationRestarted.check(h.record()).nearMiss).toContain('read only 1 page');
  });
});
