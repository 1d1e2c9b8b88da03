import { expect, test } from 'vitest';
import type { CellResult } from '../runner/cell.js';
import { cellDetail, eraColumn, wrapText } from './console-table.js';

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
