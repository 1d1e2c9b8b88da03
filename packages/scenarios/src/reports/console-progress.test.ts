import { expect, test } from 'vitest';
import { PROGRESS_MARKS, progressLegend, progressLine } from './console-progress.js';
import { consoleStyle } from './console-style.js';

test('every status has its own progress mark, and the legend names each', () => {
  const marks = Object.values(PROGRESS_MARKS);
  expect(new Set(marks).size).toBe(marks.length);
  expect(PROGRESS_MARKS['known-failure']).not.toBe(PROGRESS_MARKS.pass);
  const legend = progressLegend(consoleStyle(false));
  for (const mark of marks) expect(legend).toContain(`${mark} `);
  expect(legend).toContain('x expected failure');
  expect(legend).toContain('? inconclusive');
});

test('the live line shows cells done of the total and the counts seen so far', () => {
  const counts = { pass: 7, fail: 1, 'known-failure': 2, stale: 0, inconclusive: 0, error: 0, 'n/a': 3 };
  expect(progressLine(13, 40, counts, consoleStyle(false))).toBe('[13/40] 7 pass, 1 FAIL, 2 expected, 3 n/a');
});
