import { expect, test } from 'vitest';
import { CELL_STATUSES, type CellResult, type CellStatus, rawStatusOf } from './cell.js';
import { runOutcome } from './run-outcome.js';

const verdict = (status: 'pass' | 'fail' | 'inconclusive', checkId = 'x.check') => ({
  invariantId: checkId,
  checkId,
  status,
  message: `${checkId} ${status}`,
  evidence: [],
});

function summaryOf(results: Array<Partial<CellResult> & { status: CellStatus }>) {
  const counts = Object.fromEntries(CELL_STATUSES.map((status) => [status, 0])) as Record<CellStatus, number>;
  for (const result of results) counts[result.status] += 1;
  return runOutcome(results as CellResult[], counts);
}

test('a cell passes only with a passing check and no failing one; all-inconclusive (or no check) is inconclusive', () => {
  // Unmarked scenario checks all count as essential: one inconclusive check keeps the cell from passing.
  expect(rawStatusOf([verdict('pass'), verdict('inconclusive', 'y.check')], false)).toBe('inconclusive');
  expect(
    rawStatusOf(
      [
        { ...verdict('pass'), essential: true },
        { ...verdict('inconclusive', 'y'), essential: false },
      ],
      false,
    ),
  ).toBe('pass');
  // Runner checks are never essential: a staging wait that timed out does not keep a cell from passing.
  expect(rawStatusOf([verdict('pass'), verdict('inconclusive', 'runner.awaited-frame')], false)).toBe('pass');
  expect(rawStatusOf([verdict('inconclusive'), verdict('inconclusive')], false)).toBe('inconclusive');
  expect(rawStatusOf([], false)).toBe('inconclusive');
  expect(rawStatusOf([verdict('pass'), verdict('fail')], false)).toBe('fail');
  expect(rawStatusOf([verdict('pass')], true)).toBe('error');
});

test('a run with a failure, stale entry or harness error exits 1 even when nothing else was judged', () => {
  expect(summaryOf([{ status: 'n/a' }, { status: 'error' }]).exitCode).toBe(1);
  expect(summaryOf([{ status: 'inconclusive', verdicts: [] }, { status: 'stale' }]).exitCode).toBe(1);
});

test('a run where some cell passed or failed as expected matches (exit 0) beside n/a and inconclusive cells', () => {
  expect(summaryOf([{ status: 'n/a' }, { status: 'known-failure' }])).toEqual({ exitCode: 0 });
  expect(summaryOf([{ status: 'inconclusive', verdicts: [] }, { status: 'pass' }])).toEqual({ exitCode: 0 });
});

test('a run of only n/a cells exits 4 naming the reasons, most frequent first', () => {
  const outcome = summaryOf([
    { status: 'n/a', notApplicable: 'the client cannot connect over stdio (it supports http)' },
    { status: 'n/a', notApplicable: 'the client lacks host-clock' },
    { status: 'n/a', notApplicable: 'the client cannot connect over stdio (it supports http)' },
  ]);
  expect(outcome).toEqual({
    exitCode: 4,
    unjudged:
      'every cell was n/a: the client cannot connect over stdio (it supports http) (2 cells); the client lacks host-clock (1 cell)',
  });
});

test('a run of inconclusive and n/a cells exits 4 naming both', () => {
  const outcome = summaryOf([
    { status: 'inconclusive', verdicts: [verdict('inconclusive', 'calls.last-call-succeeds')] },
    { status: 'n/a', notApplicable: 'the client lacks reconnect' },
  ]);
  expect(outcome.exitCode).toBe(4);
  expect(outcome.unjudged).toBe(
    'no cell passed or failed: 1 cell was inconclusive (an essential check in it lacked what it judges): calls.last-call-succeeds: calls.last-call-succeeds inconclusive (1 cell); the other 1 cell was n/a: the client lacks reconnect (1 cell)',
  );
});
