import { expect, test } from 'vitest';
import { CellStderrSplitter, withoutEndMarks } from './cell-stderr-splitter.js';
import { cellEndMark } from './client-process-protocol.js';

/** Feeds `text` to a splitter in chunks of `size` characters and joins the pieces per cell. */
function split(text: string, size: number): { cells: Array<{ text: string; endOf?: number }>; rest: string } {
  const splitter = new CellStderrSplitter();
  const cells: Array<{ text: string; endOf?: number }> = [{ text: '' }];
  for (let i = 0; i < text.length; i += size)
    for (const piece of splitter.push(text.slice(i, i + size))) {
      cells[cells.length - 1]!.text += piece.text;
      if (piece.endOf !== undefined) {
        cells[cells.length - 1]!.endOf = piece.endOf;
        cells.push({ text: '' });
      }
    }
  return { cells, rest: splitter.flush() };
}

test('splits stderr at each cell end mark, whatever chunks the pipe cuts it into', () => {
  const stream = `first line\nsecond${cellEndMark(1)}${cellEndMark(2)}third \u001e not a mark\n${cellEndMark(13)}tail`;
  for (const size of [1, 2, 3, 5, 7, 11, 64, stream.length]) {
    const { cells, rest } = split(stream, size);
    expect(cells, `chunks of ${size}`).toEqual([
      { text: 'first line\nsecond', endOf: 1 },
      { text: '', endOf: 2 },
      { text: 'third \u001e not a mark\n', endOf: 13 },
      { text: 'tail' },
    ]);
    expect(rest).toBe('');
  }
});

test('holds back only what may start a mark, and gives it up on flush', () => {
  const splitter = new CellStderrSplitter();
  const mark = cellEndMark(4);
  expect(splitter.push(`text${mark.slice(0, 9)}`)).toEqual([{ text: 'text' }]);
  expect(splitter.flush()).toBe(mark.slice(0, 9));
  expect(splitter.push('plain\n')).toEqual([{ text: 'plain\n' }]);
  expect(withoutEndMarks(`a${cellEndMark(1)}b${cellEndMark(22)}`)).toBe('ab');
});
