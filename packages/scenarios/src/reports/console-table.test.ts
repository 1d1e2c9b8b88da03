import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import { cellDetail, wrapText } from './console-table.js';

test('wrapText breaks at spaces within the width and cuts a word longer than the width', () => {
  expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  expect(wrapText('abcdefghijkl mn', 5)).toEqual(['abcde', 'fghij', 'kl mn']);
  expect(wrapText('', 10)).toEqual(['']);
  for (const line of wrapText('x'.repeat(23), 10)) expect(line.length).toBeLessThanOrEqual(10);
});

test('the detail column names the first failing check and lists at most 8 evidence frames', () => {
  const result = {
    status: 'fail',
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
