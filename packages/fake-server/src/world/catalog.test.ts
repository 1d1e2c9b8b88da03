import { expect, test } from 'vitest';
import { Catalog } from './catalog.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

test('each mutation is one revision and keeps catalog order', () => {
  const catalog = new Catalog([tool('a'), tool('b')]);
  expect(catalog.catalogRevision).toBe(1);
  catalog.mutate((entries) => {
    entries.set('c', tool('c'));
    entries.delete('a');
  });
  expect(catalog.catalogRevision).toBe(2);
  expect(catalog.items().map((t) => t.name)).toEqual(['b', 'c']);
});

test('a mutation that throws changes nothing', () => {
  const catalog = new Catalog([tool('a')]);
  expect(() =>
    catalog.mutate((entries) => {
      entries.delete('a');
      throw new Error('boom');
    }),
  ).toThrow('boom');
  expect(catalog.catalogRevision).toBe(1);
  expect(catalog.has('a')).toBe(true);
});
