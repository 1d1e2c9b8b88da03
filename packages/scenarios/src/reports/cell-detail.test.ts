import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import { cellDetail, eraColumn, resultLine, wrapText } from './cell-detail.js';

test('wrapText breaks at spaces within the width and cuts a word longer than the width', () => {
  expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  expect(wrapText('abcdefghijkl mn', 5)).toEqual(['abcde', 'fghij', 'kl mn']);
  expect(wrapText('', 10)).toEqual(['']);
  for (const line of wrapText('x'.repeat(23), 10)) expect(line.length).toBeLessThanOrEqual(10);
});

test('the detail column names the first failing check and lists at most 8 evidence frames', () => {
  const result = {
    status: 'fail',
    verdicts: [],
    firstFailure: {
      checkId: 'registry.never-mixed',
      message: 'mixed two listings.',
      evidence: Array.from({ length: 11 }, (_, i) => ({ seq: i + 1, note: '' })),
    },
  } as unknown as CellResult;
  expect(cellDetail(result)).toBe(
    'registry.never-mixed: mixed two listings. [#1, #2, #3, #4, #5, #6, #7, #8, … 3 more]',
  );
});

test('a failing row names what the runner could not judge before it (e.g. a tool set the client failed to build)', () => {
  const failure = { checkId: 'registry.matches-final-catalog', status: 'fail', message: 'exposes nothing.', evidence: [] };
  const result = {
    status: 'fail',
    verdicts: [
      { checkId: 'runner.tool-set-built', status: 'inconclusive', message: 'duplicate name.', evidence: [] },
      failure,
    ],
    firstFailure: failure,
  } as unknown as CellResult;
  expect(cellDetail(result)).toBe(
    'registry.matches-final-catalog: exposes nothing. (before it: runner.tool-set-built: duplicate name.)',
  );
});

test('the result line says a run of nothing judged is not a match, and why', () => {
  expect(resultLine({ exitCode: 0 })).toBe('Result: matches the baseline.');
  expect(resultLine({ exitCode: 1 })).toBe('Result: does NOT match the baseline (exit 1).');
  expect(resultLine({ exitCode: 4, unjudged: 'every cell was n/a: the client cannot connect over stdio' })).toBe(
    'Result: nothing was judged, so this is not a match (exit 4): every cell was n/a: the client cannot connect over stdio',
  );
});

test('an inconclusive cell shows its first inconclusive check, and a baseline entry covering it', () => {
  const result = {
    status: 'inconclusive',
    baselineReason: 'the baseline expects calls.last-call-succeeds; this run could not judge it (no retry)',
    verdicts: [
      { checkId: 'registry.matches-final-catalog', status: 'pass', message: 'ok', evidence: [] },
      { checkId: 'calls.last-call-succeeds', status: 'inconclusive', message: 'The run never called x.', evidence: [] },
    ],
  } as unknown as CellResult;
  expect(cellDetail(result)).toBe(
    'calls.last-call-succeeds: The run never called x. (the baseline expects calls.last-call-succeeds; this run could not judge it (no retry))',
  );
});

test('the era column adds the negotiated era when it differs from the cell era', () => {
  const cell = (era: CellResult['era'], negotiated: Array<'legacy' | 'modern' | undefined>) =>
    ({
      era,
      negotiated: negotiated.map((spoken, index) => ({
        serverId: `s${index}`,
        endpointEras: ['legacy', 'modern'],
        accepted: spoken ? [spoken] : [],
        attempts: [],
        ...(spoken ? { era: spoken } : {}),
      })),
    }) as unknown as CellResult;
  expect(eraColumn(cell('dual', ['legacy']))).toBe('dual→legacy');
  expect(eraColumn(cell('modern', ['legacy', 'modern']))).toBe('modern→legacy+modern');
  expect(eraColumn(cell('modern', ['modern']))).toBe('modern');
  expect(eraColumn(cell('legacy', [undefined]))).toBe('legacy');
  expect(eraColumn({ era: 'legacy' } as CellResult)).toBe('legacy');
});
