import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { relistedWithinBound } from './relisted-within-bound.js';

const check = relistedWithinBound({ withinMs: 2000 });

describe('change.relisted-within-bound', () => {
  test('passes when a page-one tools/list follows the signal within the bound', () => {
    const h = new History();
    h.listing([{ name: 'a' }]);
    h.change();
    h.listing([{ name: 'a' }, { name: 'b' }], 1, { tick: 1500 });
    const verdict = check.check(h.record());
    expect(verdict.status).toBe('pass');
  });

  test('fails, citing both frames, when the re-list waits for a polling backstop', () => {
    const h = new History();
    h.listing([{ name: 'a' }]);
    const signal = h.change();
    h.listing([{ name: 'a' }, { name: 'b' }], 2, { tick: 60_000 });
    const verdict = check.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.map((e) => e.seq)).toEqual([signal.seq, signal.seq + 1]);
    expect(verdict.nearMiss).toContain('60000 ms');
  });

  test('fails when no re-list follows at all, and is inconclusive without a signal', () => {
    const h = new History();
    h.listing([{ name: 'a' }]);
    expect(check.check(h.record()).status).toBe('inconclusive');
    h.change();
    expect(check.check(h.record())).toMatchObject({
      status: 'fail',
      nearMiss: expect.stringContaining('never'),
    });
  });

  test('with a wall-clock bound, fails a client that reacts but slowly while logical time stands still', () => {
    const h = new History();
    h.listing([{ name: 'a' }], 1, { wallTimeMs: 1_000 });
    const signal = h.change('catalog changed', { wallTimeMs: 10_000 });
    h.listing([{ name: 'a' }, { name: 'b' }], 2, { wallTimeMs: 12_500 });
    expect(check.check(h.record()).status).toBe('pass');
    const verdict = check.check(h.record(), { wallMs: 2000 });
    expect(verdict).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('came 2500 ms of wall-clock time later (bound 2000 ms)'),
    });
    expect(verdict.evidence.map((e) => e.seq)).toEqual([signal.seq, signal.seq + 1]);
    expect(check.check(h.record(), { wallMs: 3000 }).status).toBe('pass');
    expect(relistedWithinBound({ wallMs: 2000 }).check(h.record()).status).toBe('fail');
  });

  test('refuses parameters that are not non-negative integers', () => {
    expect(check.validateParams?.({ wallMs: 2000, withinMs: 0 })).toBeUndefined();
    expect(check.validateParams?.({ wallMs: '2s' })).toBe("parameter 'wallMs' must be of type integer");
    expect(check.validateParams?.({ within: 1 })).toContain("unknown parameter 'within'");
  });
});
