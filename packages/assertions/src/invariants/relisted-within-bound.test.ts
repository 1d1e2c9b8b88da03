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

  test('with beforeNextUse, fails a client whose re-list comes only once its next use began, however little time passed', () => {
    const h = new History();
    h.listing([{ name: 'a' }]);
    h.expose([{ name: 'a' }]);
    const signal = h.change();
    let relistSeq = 0;
    h.callObservation('b', {}, () => {
      relistSeq = h.lastSeq + 1;
      h.listing([{ name: 'a' }, { name: 'b' }]);
      h.call('b', {});
    });
    h.expose([{ name: 'a' }, { name: 'b' }]);
    // Logical time stood still: the old reading of the bound passes it.
    expect(check.check(h.record()).status).toBe('pass');
    const verdict = check.check(h.record(), { beforeNextUse: true });
    expect(verdict).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        `re-listed only at #${relistSeq}, after its next use of tools (call b) had begun`,
      ),
    });
    expect(verdict.evidence.map((e) => e.seq)).toEqual([signal.seq, relistSeq]);
    expect(relistedWithinBound({ beforeNextUse: true }).check(h.record()).status).toBe('fail');
  });

  test('with beforeNextUse, passes a re-list that comes however late in wall-clock time, as long as it precedes the next use', () => {
    const h = new History();
    h.listing([{ name: 'a' }], 1, { wallTimeMs: 1_000 });
    h.expose([{ name: 'a' }]);
    h.change('catalog changed', { wallTimeMs: 10_000 });
    // A slow process: the re-list reaches the server 9 s after the signal.
    h.listing([{ name: 'a' }, { name: 'b' }], 2, { wallTimeMs: 19_000 });
    h.expose([{ name: 'a' }, { name: 'b' }]);
    h.callObservation('b', {}, () => h.call('b', {}));
    const verdict = check.check(h.record(), { beforeNextUse: true });
    expect(verdict.status).toBe('pass');
    expect(verdict.evidence[0]!.note).toContain('before the call b');
  });

  test('with beforeNextUse, still fails a client that never re-lists, and judges only the re-list without a later use', () => {
    const h = new History();
    h.listing([{ name: 'a' }]);
    h.expose([{ name: 'a' }]);
    h.change();
    expect(check.check(h.record(), { beforeNextUse: true })).toMatchObject({
      status: 'fail',
      nearMiss: expect.stringContaining('never'),
    });
    h.listing([{ name: 'a' }, { name: 'b' }]);
    expect(check.check(h.record(), { beforeNextUse: true }).status).toBe('pass');
  });

  test('refuses parameters of the wrong type, and the wall-clock bound it no longer has', () => {
    expect(check.validateParams?.({ beforeNextUse: true, withinMs: 0 })).toBeUndefined();
    expect(check.validateParams?.({ beforeNextUse: 'yes' })).toBe(
      "parameter 'beforeNextUse' must be of type boolean",
    );
    expect(check.validateParams?.({ withinMs: '2s' })).toBe("parameter 'withinMs' must be of type integer");
    expect(check.validateParams?.({ wallMs: 2000 })).toContain("unknown parameter 'wallMs'");
  });
});
