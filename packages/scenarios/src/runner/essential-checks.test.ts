import { describe, expect, test } from 'vitest';
import type { CheckVerdict } from './cell.js';
import { rawStatusOf } from './cell.js';
import { firstInconclusive, markEssential } from './essential-checks.js';

const verdict = (
  checkId: string,
  status: CheckVerdict['status'],
  extra: Partial<CheckVerdict> = {},
): CheckVerdict => ({
  invariantId: checkId,
  checkId,
  status,
  message: `${checkId} ${status}`,
  evidence: [],
  ...extra,
});

describe('essential checks decide a cell', () => {
  test('the lazy client of issue 26: one era check passes, both change checks inconclusive by its own doing — the cell fails', () => {
    const verdicts = markEssential(
      [
        verdict('runner.era-negotiated', 'pass'),
        verdict('era.no-modern-flow-in-legacy-session', 'pass'),
        verdict('change.relists-after-signal', 'inconclusive', {
          cause: 'client',
          evidence: [{ seq: 7, note: 'list_changed not delivered: no GET stream' }],
        }),
        verdict('change.relist-completes-after-signal', 'inconclusive', { cause: 'client' }),
      ],
      new Set(['change.relists-after-signal', 'change.relist-completes-after-signal']),
    );
    expect(rawStatusOf(verdicts, false)).toBe('fail');
    const failed = verdicts.find((v) => v.status === 'fail')!;
    expect(failed.checkId).toBe('change.relists-after-signal');
    expect(failed.cause).toBe('client');
    expect(failed.message).toMatch(/^The client left this essential check unjudged by its own doing: /);
    expect(failed.evidence).toEqual([{ seq: 7, note: 'list_changed not delivered: no GET stream' }]);
  });

  test('an essential check inconclusive for staging makes the cell inconclusive, never a pass', () => {
    const verdicts = markEssential([verdict('a', 'pass'), verdict('b', 'inconclusive')], new Set(['a', 'b']));
    expect(rawStatusOf(verdicts, false)).toBe('inconclusive');
    expect(firstInconclusive(verdicts)?.checkId).toBe('b');
  });

  test('a check left out of essential decides nothing by being inconclusive, even by the client’s doing, but still fails the cell by failing', () => {
    const essential = new Set(['a']);
    expect(
      rawStatusOf(
        markEssential([verdict('a', 'pass'), verdict('b', 'inconclusive', { cause: 'client' })], essential),
        false,
      ),
    ).toBe('pass');
    expect(rawStatusOf(markEssential([verdict('a', 'pass'), verdict('b', 'fail')], essential), false)).toBe(
      'fail',
    );
  });

  test('an essential check n/a for a wire-only client does not block a pass; a pass needs at least one passing check', () => {
    const essential = new Set(['a', 'b']);
    expect(rawStatusOf(markEssential([verdict('a', 'pass'), verdict('b', 'n/a')], essential), false)).toBe(
      'pass',
    );
    expect(rawStatusOf(markEssential([verdict('a', 'n/a'), verdict('b', 'n/a')], essential), false)).toBe(
      'inconclusive',
    );
  });

  test('runner checks are never marked essential and a client-caused runner inconclusive is left alone', () => {
    const [runner] = markEssential(
      [verdict('runner.awaited-frame', 'inconclusive')],
      new Set(['runner.awaited-frame']),
    );
    expect(runner!.essential).toBeUndefined();
    expect(runner!.status).toBe('inconclusive');
  });

  test('the verdicts given are not changed', () => {
    const given = [verdict('a', 'inconclusive', { cause: 'client' })];
    markEssential(given, new Set(['a']));
    expect(given[0]!.status).toBe('inconclusive');
  });
});
