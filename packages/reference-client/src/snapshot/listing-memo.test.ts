import { describe, expect, it } from 'vitest';
import { KnownPage } from '../connection/page-walker.js';
import { SchemaGate } from '../schema-gate/schema-gate.js';
import { ValidatorCache } from '../schema-gate/validator-cache.js';
import { buildCatalogSnapshot, prepareEntry, type SnapshotContext } from './build-catalog-snapshot.js';
import { ListingMemo } from './listing-memo.js';

const context: SnapshotContext = {
  serverId: 's',
  era: 'modern',
  protocolRevision: '2026-07-28',
  gate: new SchemaGate(new ValidatorCache()),
  nowMs: 1_000,
  ttlMs: 60_000,
};
const entries = [
  { name: 'a', inputSchema: { type: 'object' } },
  { name: 'b', inputSchema: { type: 'object' } },
  { name: 'bad', inputSchema: { type: 'string' } },
];
const summary = (keys: string[]) => ({
  keys,
  nextCursor: undefined,
  ttlMs: 0,
  negativeTtl: false,
  cacheScope: undefined,
});

function installed() {
  const prepared = entries.map((entry, index) => prepareEntry(entry, index, context));
  const snapshot = buildCatalogSnapshot(
    { entries, pageCount: 2, ttlMs: 0, cacheScope: 'private', warnings: [] },
    context,
    prepared,
  );
  const memo = new ListingMemo(
    'modern',
    [
      { page: 0, firstIndex: 0, digest: 'd0', summary: summary(['a']) },
      { page: 1, firstIndex: 1, digest: 'd1', summary: summary(['b', 'bad']) },
    ],
    prepared,
  );
  return { prepared, snapshot, memo };
}

describe('ListingMemo', () => {
  it('stands a page with the same digest at the same place in for its prepared entries', () => {
    const { prepared, snapshot, memo } = installed();
    expect(memo.has('d1')).toBe(true);
    const known = memo.reuse({ page: 1, firstIndex: 1 }, 'd1', 'modern', snapshot);
    expect(known).toBeInstanceOf(KnownPage);
    expect(known!.summary.keys).toEqual(['b', 'bad']);
    expect(known!.payload).toEqual([prepared[1], prepared[2]]);
  });

  it('refuses another digest, another position, another era, or entries the snapshot no longer holds', () => {
    const { snapshot, memo } = installed();
    expect(memo.reuse({ page: 1, firstIndex: 1 }, 'd0', 'modern', snapshot)).toBeUndefined();
    expect(memo.reuse({ page: 0, firstIndex: 0 }, 'd1', 'modern', snapshot)).toBeUndefined();
    expect(memo.reuse({ page: 1, firstIndex: 2 }, 'd1', 'modern', snapshot)).toBeUndefined();
    expect(memo.reuse({ page: 1, firstIndex: 1 }, 'd1', 'legacy', snapshot)).toBeUndefined();
    expect(memo.reuse({ page: 1, firstIndex: 1 }, 'd1', 'modern', undefined)).toBeUndefined();
    const other = buildCatalogSnapshot(
      { entries, pageCount: 1, ttlMs: 0, cacheScope: 'private', warnings: [] },
      context,
    );
    expect(memo.reuse({ page: 1, firstIndex: 1 }, 'd1', 'modern', other)).toBeUndefined();
  });
});
