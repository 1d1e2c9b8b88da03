import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Cell } from './cell.js';
import { parseShard, selectionDigest, selectionPosition, shardCells } from './shard.js';

const cells = (n: number): Cell[] =>
  Array.from({ length: n }, (_, i) => ({
    scenarioId: `s${Math.floor(i / 4)}`,
    era: i % 2 ? 'modern' : 'legacy',
    transport: 'http',
    client: i % 4 < 2 ? 'reference' : 'sdk',
  }));

describe('parseShard', () => {
  test.each([
    ['1/1', { index: 1, count: 1 }],
    ['3/4', { index: 3, count: 4 }],
    [' 2/10 ', { index: 2, count: 10 }],
  ])('%s', (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  test.each(['0/3', '4/3', '1/0', '1-3', '1/', 'a/b', '1/3/2', ''])('refuses %j, saying why', (text) => {
    expect(parseShard(text)).toMatch(/^--shard /);
  });
});

describe('shardCells', () => {
  test.prop([fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 12 })])(
    'the shards partition the selection, differ in size by at most one, and map back to their positions',
    (size, count) => {
      const all = cells(size);
      const shards = Array.from({ length: count }, (_, i) => shardCells(all, { index: i + 1, count }));
      expect(shards.flat().length).toBe(size);
      const sizes = shards.map((shard) => shard.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      const rebuilt: Cell[] = new Array(size);
      shards.forEach((shard, i) => {
        shard.forEach((cell, nth) => {
          rebuilt[selectionPosition({ index: i + 1, count }, nth)] = cell;
        });
      });
      expect(rebuilt).toEqual(all);
    },
  );

  test('is deterministic: the same selection splits the same way', () => {
    expect(shardCells(cells(30), { index: 2, count: 4 })).toEqual(
      shardCells(cells(30), { index: 2, count: 4 }),
    );
  });

  test('spreads one scenario over the shards instead of giving it to one', () => {
    const first = shardCells(cells(8), { index: 1, count: 2 });
    expect(new Set(first.map((cell) => cell.scenarioId))).toEqual(new Set(['s0', 's1']));
  });
});

test('selectionDigest changes with the selection and its order', () => {
  const all = cells(6);
  expect(selectionDigest(all)).toBe(selectionDigest(cells(6)));
  expect(selectionDigest(all)).not.toBe(selectionDigest(cells(5)));
  expect(selectionDigest(all)).not.toBe(selectionDigest([...all].reverse()));
});
