import { expect, test } from 'vitest';
import { callWindow } from './call-window.js';

const exposure = (afterSeq: number) => ({ kind: 'exposure' as const, afterSeq, tools: [] });

test('a call window holds the exposure in force at the start, the ones recorded at the same position, and newer ones before the request', () => {
  const all = [exposure(2), exposure(5), exposure(8), exposure(8), exposure(11), exposure(14)];
  expect(callWindow(all, 8, 12).map((e) => e.afterSeq)).toEqual([5, 8, 8, 11]);
  expect(callWindow(all, 9, 10).map((e) => e.afterSeq)).toEqual([8]);
  expect(callWindow([], 3, 4)).toEqual([]);
});
