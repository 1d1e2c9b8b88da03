import { fc, test } from '@fast-check/vitest';
import { type CatalogChange, createFakeServer } from '@toolshift/fake-server';
import { describe, expect } from 'vitest';
import { catalogDiff } from './catalog-diff.js';

const tool = (name: string, description = '') => ({ name, description, inputSchema: { type: 'object' } });

/** The tool list `changes` make of `from`, as the fake server applies them. */
function applied(from: ReturnType<typeof tool>[], changes: CatalogChange[]) {
  const server = createFakeServer({ toolshiftScript: 1, catalog: { tools: from } });
  if (changes.length) server.apply({ action: 'changeCatalog', changes });
  return server.tools();
}

describe('catalogDiff', () => {
  test.prop(
    [
      fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 }),
      fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 5 }),
      fc.boolean(),
    ],
    { seed: 28 },
  )(
    'turns any tool list into any other, order and definitions included (seed 28)',
    (fromNames, toNames, redescribe) => {
      const from = fromNames.map((name) => tool(name));
      const to = toNames.map((name, i) => tool(name, redescribe && i === 0 ? 'changed' : ''));
      expect(applied(from, catalogDiff(from, to))).toEqual(to);
    },
  );

  test('is empty for the same list', () => {
    expect(catalogDiff([tool('a')], [tool('a')])).toEqual([]);
  });
});
