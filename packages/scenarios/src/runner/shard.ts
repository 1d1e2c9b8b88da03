import { createHash } from 'node:crypto';
import { type Cell, cellKey } from './cell.js';

/** One part of a run split for a CI matrix: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** What a shard ran, for merging the shards' reports back: its place and the whole selection it came from. */
export interface ShardInfo extends Shard {
  /** How many cells the whole selection has (every shard together). */
  selectedCells: number;
  /** SHA-256 of the selection's cell keys in order: the shards of one run carry the same digest. */
  selectionDigest: string;
}

/**
 * Parses `--shard i/n` (1 ≤ i ≤ n).
 * @returns the shard, or why the text is not one.
 */
export function parseShard(text: string): Shard | string {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return `--shard must be i/n, e.g. 2/4 (got '${text}').`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) return `--shard i/n needs 1 ≤ i ≤ n (got '${text}').`;
  return { index, count };
}

/**
 * The cells of `shard`: round robin over the selection's cell order (cell p, counting from 0, goes
 * to shard p mod n + 1), so the split depends only on the selection, the shards differ in size by at
 * most one cell, and each scenario's cells spread over the shards. Every shard must be given the
 * same selection (scenarios, eras, transports, clients); the digest lets a merge check that.
 */
export function shardCells<T extends Cell>(cells: readonly T[], shard: Shard): T[] {
  return cells.filter((_cell, position) => position % shard.count === shard.index - 1);
}

/** The position in the whole selection of the `nth` cell (from 0) of `shard`: the inverse of {@link shardCells}. */
export function selectionPosition(shard: Shard, nth: number): number {
  return nth * shard.count + shard.index - 1;
}

/** The selection's digest (SHA-256 over the cell keys in order). */
export function selectionDigest(cells: readonly Cell[]): string {
  const hash = createHash('sha256');
  for (const cell of cells) hash.update(`${cellKey(cell)}\n`);
  return hash.digest('hex');
}
