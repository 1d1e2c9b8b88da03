import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { listingOrderKept } from './listing-order-kept.js';

const tools = (...names: string[]) => names.map((name) => ({ name }));

test('registry.listing-order-kept passes an exposure in page order and fails one that puts page two first', () => {
  const h = new History();
  h.listing(tools('t1', 't2', 't3', 't4', 't5'), 2);
  h.expose(tools('t1', 't2', 't3', 't4', 't5'));
  expect(listingOrderKept.check(h.record()).status).toBe('pass');
  h.expose(tools('t1', 't3', 't2', 't4', 't5'));
  const verdict = listingOrderKept.check(h.record());
  expect(verdict).toMatchObject({
    status: 'fail',
    message: "The client exposes 't3' (page 2) before 't2' (page 1), which the listing gave first.",
  });
  expect(verdict.evidence.map((e) => e.note)).toEqual([
    "page 1: 't2' at position 2",
    "page 2: 't3' at position 3",
    "exposure: 't3' at 2, 't2' at 3",
  ]);
});

test('registry.listing-order-kept compares with the latest complete listing, and is inconclusive without one', () => {
  const h = new History();
  h.expose(tools('a', 'b'));
  expect(listingOrderKept.check(h.record()).status).toBe('inconclusive');
  h.listing(tools('a', 'b'));
  h.change();
  h.listing(tools('b', 'a'));
  h.expose(tools('b', 'a'));
  expect(listingOrderKept.check(h.record()).status).toBe('pass');
  h.expose(tools('a'));
  expect(listingOrderKept.check(h.record()).status).toBe('inconclusive');
});
