import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { LineSplitter } from './line-splitter.js';

const texts = (lines: ReturnType<LineSplitter['push']>) =>
  lines.map((line) => (line.kind === 'line' ? line.text : `<oversize ${line.bytes}>`));

describe('LineSplitter', () => {
  test('cuts on newlines, drops a trailing CR and skips blank lines', () => {
    const splitter = new LineSplitter(100);
    expect(texts(splitter.push(Buffer.from('a\r\n\nb\n  \nc')))).toEqual(['a', 'b']);
    expect(texts(splitter.end())).toEqual(['c']);
  });

  test('reports a line over the limit once, with its size, and goes on after its newline', () => {
    const splitter = new LineSplitter(4);
    expect(texts(splitter.push(Buffer.from('abc')))).toEqual([]);
    expect(texts(splitter.push(Buffer.from('defgh')))).toEqual([]);
    expect(texts(splitter.push(Buffer.from('ij\nok\n')))).toEqual(['<oversize 10>', 'ok']);
  });

  test('keeps multi-byte characters split across chunks intact', () => {
    const splitter = new LineSplitter(100);
    const bytes = Buffer.from('é€\n', 'utf8');
    expect(texts(splitter.push(bytes.subarray(0, 1)))).toEqual([]);
    expect(texts(splitter.push(bytes.subarray(1)))).toEqual(['é€']);
  });

  // seed fixed for CI; raise runs with FC_NUM_RUNS.
  test.prop(
    [
      fc.array(
        fc
          .string({ unit: 'grapheme' })
          .filter((s) => !s.includes('\n') && s.trim() !== '' && !s.endsWith('\r')),
      ),
      fc.array(fc.nat(40)),
    ],
    {
      seed: 42,
      numRuns: Number(process.env.FC_NUM_RUNS ?? 100),
    },
  )('any chunking of the same lines gives the same lines (seed 42)', (lines, cuts) => {
    const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
    const splitter = new LineSplitter(1 << 20);
    const out: string[] = [];
    let start = 0;
    for (const cut of cuts) {
      const end = Math.min(bytes.length, start + cut);
      out.push(...texts(splitter.push(bytes.subarray(start, end))));
      start = end;
    }
    out.push(...texts(splitter.push(bytes.subarray(start))), ...texts(splitter.end()));
    expect(out).toEqual(lines);
  });
});
